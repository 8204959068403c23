import ClassHub
import ClassProtocol
import ClassSync
import Crypto
import Foundation
import Hummingbird
import Logging
import Testing

/// A box and a hub over real TLS on loopback: the join pins the hub's certificate by the code's
/// fingerprint, the box's pushes arrive, and a token copied to another box writes nothing.
@Suite("A box and its hub over TLS")
struct HubOverTLSTests {
    /// A hub on SQLite serving TLS on 127.0.0.1 (a port of the system's choice) while `body` runs.
    @discardableResult
    static func withHub<T: Sendable>(_ body: @Sendable (HubStore, HubCertificate, Int) async throws -> T) async throws -> T {
        let store = try HubStoreKind.sqlite.make()
        let certificate = try HubCertificate.make(names: ["127.0.0.1"])
        let (ports, port) = AsyncStream.makeStream(of: Int.self)
        let app = try buildHub(configuration: HubConfiguration(host: "127.0.0.1", port: 0, certificate: certificate), store: store,
                               teacher: TeacherLogin(), onRunning: { port.yield($0) }, logger: Logger(label: "hub-test"))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            var iterator = ports.makeAsyncIterator()
            let bound = try #require(await iterator.next())
            let result = try await body(store, certificate, bound)
            group.cancelAll()
            return result
        }
    }

    @Test("joined with the code, the box's answers reach the hub over TLS; a second round sends nothing")
    func joinAndPush() async throws {
        try await Self.withHub { store, certificate, port in
            let address = try #require(HubAddress("https://127.0.0.1:\(port)"))
            let key = P256.Signing.PrivateKey()
            let reply = try await HubHTTPClient.join(address, fingerprint: certificate.fingerprint, code: try store.makeCode(student: nil),
                                                     name: "Bea", key: key)
            let box = try BoxHistory.store()
            try BoxHistory.practise(40, into: box, start: Date().timeIntervalSince1970 - 3_600)
            let membership = ClassMembership(hub: address.description, fingerprint: certificate.fingerprint, box: reply.box,
                                             student: reply.student, profile: "default", token: reply.token,
                                             key: key.rawRepresentation.base64EncodedString(), joinedAt: 0)
            let sync = ClassSync(membership: membership, store: box, transport: try HubHTTPClient(membership: membership))
            try await sync.round()
            #expect(try store.answerCounts() == [reply.box: 40])
            try await sync.round()
            #expect(await sync.progress.pushed == 40)
        }
    }

    @Test("a hub that cannot be reached (a port nothing listens on, as while a killed hub starts again): each try fails with its address, and the box lives on")
    func unreachable() async throws {
        let port = try await Self.withHub { _, _, port in port }  // bound a moment ago, nothing listens on it now
        let address = try #require(HubAddress("https://127.0.0.1:\(port)"))
        for _ in 0..<3 {
            // Before the fix, the request's unfulfilled promise was a fatal error in a debug build
            // (SwiftNIO's leak check) as the failed connection was let go: this process ended here.
            let error = await #expect(throws: HubError.self) {
                _ = try await HubHTTPClient.send(address, fingerprint: "", method: "GET", path: "/api/v1/box", headers: [], body: [],
                                                 timeout: .seconds(5))
            }
            #expect(error?.message.contains("cannot be reached") == true, "\(String(describing: error))")
        }
    }

    @Test("a certificate other than the code's is refused before anything is sent")
    func wrongFingerprint() async throws {
        try await Self.withHub { store, certificate, port in
            let address = try #require(HubAddress("https://127.0.0.1:\(port)"))
            let other = String(repeating: "0", count: 64)
            await #expect(throws: HubError.self) {
                _ = try await HubHTTPClient.join(address, fingerprint: other, code: try store.makeCode(student: nil), name: "Bea",
                                                 key: P256.Signing.PrivateKey())
            }
            #expect(try store.boxes().isEmpty)
        }
    }

    @Test("a token copied to another box (another key) is refused, and writes nothing")
    func stolenToken() async throws {
        try await Self.withHub { store, certificate, port in
            let address = try #require(HubAddress("https://127.0.0.1:\(port)"))
            let reply = try await HubHTTPClient.join(address, fingerprint: certificate.fingerprint, code: try store.makeCode(student: nil),
                                                     name: "Bea", key: P256.Signing.PrivateKey())
            let thief = ClassMembership(hub: address.description, fingerprint: certificate.fingerprint, box: reply.box, student: reply.student,
                                        profile: "default", token: reply.token,
                                        key: P256.Signing.PrivateKey().rawRepresentation.base64EncodedString(), joinedAt: 0)
            let box = try BoxHistory.store()
            try BoxHistory.practise(10, into: box, start: Date().timeIntervalSince1970 - 3_600)
            let sync = ClassSync(membership: thief, store: box, transport: try HubHTTPClient(membership: thief))
            do {
                try await sync.round()
                Issue.record("the thief's round went through")
            } catch let error as HubError {
                #expect(error.status == 401 && error.code == "bad_signature", "\(error)")
            }
            #expect(try store.answerCounts().isEmpty)
        }
    }
}
