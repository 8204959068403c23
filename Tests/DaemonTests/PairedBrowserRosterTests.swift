import ControlProtocol
import ControlServer
import Foundation
import Glibc
import SocketTestSupport
import Testing

@testable import Daemon

/// `pairing.browsers`, `pairing.list` and `pairing.revoke` over a real socket: the web view
/// reports its paired browsers, the machine's owner lists and revokes them, and a revocation
/// reaches the web view's connection.
@Suite("Paired browsers through the daemon")
struct PairedBrowserRosterTests {
    static let phone = PairedBrowserSummary(id: "0a1b2c3d", browser: "Firefox on Android", pairedAt: Date(timeIntervalSince1970: 1_800_000_000),
                                            lastSeen: Date(timeIntervalSince1970: 1_800_000_600), address: "192.0.2.7")
    static let laptop = PairedBrowserSummary(id: "99887766", browser: "Safari on macOS", pairedAt: nil, lastSeen: nil, address: nil)

    /// A client that has read its greeting.
    static func client(_ path: String) async throws -> LineClient {
        let client = try LineClient(path: path)
        _ = try #require(await client.readLine())
        return client
    }

    /// Sends a request and decodes the next line as its response.
    static func call(_ client: LineClient, _ method: Method, _ params: some Encodable, id: Int = 1) async throws -> RPCResponse {
        client.sendLine(Wire.encode(RPCRequest(id: .number(Double(id)), method: method.rawValue, params: Wire.value(params))))
        return try JSONDecoder().decode(RPCResponse.self, from: Data(try #require(await client.readLine()).utf8))
    }

    static func list(_ client: LineClient) async throws -> PairingListResult {
        try Wire.decode(PairingListResult.self, from: try #require(await call(client, .pairingList, JSONValue.object([:])).result))
    }

    @Test("a report is listed; a revocation leaves the list and reaches the reporting web view as pairing.revoked")
    func reportListRevoke() async throws {
        try await LineClient.withControlSocket { path in
            let web = try await Self.client(path)
            let owner = try await Self.client(path)
            #expect(try await Self.list(owner) == PairingListResult(webViews: 0, browsers: []))
            let reply = try await Self.call(web, .pairingBrowsers, PairingBrowsersParams(browsers: [Self.laptop, Self.phone]))
            #expect(try Wire.decode(PairingBrowsersResult.self, from: try #require(reply.result)) == PairingBrowsersResult(revoked: []))
            #expect(try await Self.list(owner) == PairingListResult(webViews: 1, browsers: [Self.phone, Self.laptop]), "the latest seen first")

            let revoked = try await Self.call(owner, .pairingRevoke, PairingRevokeParams(id: Self.phone.id))
            #expect(try Wire.decode(PairingRevokeResult.self, from: try #require(revoked.result)) == PairingRevokeResult(revoked: Self.phone))
            let notice = try JSONDecoder().decode(RPCNotification.self, from: Data(try #require(await web.readLine()).utf8))
            #expect(notice.method == "pairing.revoked")
            #expect(try Wire.decode(PairingRevokedNotice.self, from: notice.params) == PairingRevokedNotice(ids: [Self.phone.id]))
            #expect(try await Self.list(owner).browsers == [Self.laptop])
        }
    }

    @Test("an unknown id is refused with the ids there are; with no web view connected the refusal says so")
    func unknownID() async throws {
        try await LineClient.withControlSocket { path in
            let owner = try await Self.client(path)
            let none = try #require(await Self.call(owner, .pairingRevoke, PairingRevokeParams(id: "deadbeef")).error)
            #expect(none.code == ErrorCode.unknownBrowser.rawValue && none.message.contains("no web view is connected"))
            let web = try await Self.client(path)
            _ = try await Self.call(web, .pairingBrowsers, PairingBrowsersParams(browsers: [Self.laptop]))
            let unknown = try #require(await Self.call(owner, .pairingRevoke, PairingRevokeParams(id: "deadbeef")).error)
            #expect(unknown.code == ErrorCode.unknownBrowser.rawValue && unknown.message.contains("paired browsers: 99887766"))
            #expect(try await Self.list(owner).browsers == [Self.laptop], "nothing was revoked")
        }
    }

    @Test("a web view's list goes with its connection; reported again later, a revoked browser is named in the reply and not listed")
    func reconnect() async throws {
        try await LineClient.withControlSocket { path in
            let owner = try await Self.client(path)
            var web: LineClient? = try await Self.client(path)
            _ = try await Self.call(try #require(web), .pairingBrowsers, PairingBrowsersParams(browsers: [Self.phone, Self.laptop]))
            _ = try await Self.call(owner, .pairingRevoke, PairingRevokeParams(id: Self.phone.id))
            web = nil  // gone before it read the notice
            var list = try await Self.list(owner)
            for _ in 0..<200 where list.webViews != 0 {
                try await Task.sleep(for: .milliseconds(10))
                list = try await Self.list(owner)
            }
            #expect(list == PairingListResult(webViews: 0, browsers: []))
            let again = try await Self.client(path)
            let reply = try await Self.call(again, .pairingBrowsers, PairingBrowsersParams(browsers: [Self.phone, Self.laptop]))
            #expect(try Wire.decode(PairingBrowsersResult.self, from: try #require(reply.result)) == PairingBrowsersResult(revoked: [Self.phone.id]))
            #expect(try await Self.list(owner) == PairingListResult(webViews: 1, browsers: [Self.laptop]))
        }
    }

    @Test("reporting, listing and revoking are refused to a peer that may not control", arguments: [
        #"{"jsonrpc":"2.0","id":1,"method":"pairing.list"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"pairing.revoke","params":{"id":"0a1b2c3d"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"pairing.browsers","params":{"browsers":[]}}"#,
    ])
    func controlOnly(_ line: String) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pb-\(UUID().uuidString.prefix(8)).sock").path
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: "hi", refusals: ControlService.refusals(maxClients: 4))
        let router = RequestRouter(core: DaemonCore(sound: RecordingSoundOutput(), seed: 5), policy: AccessPolicy(daemonUID: getuid()))
        let service = ControlService(server: server, router: router)
        let stranger = PeerCredentials(pid: 2, uid: 54321, gid: 54321)
        let text = try #require(await service.reply(to: Array(line.utf8), from: ClientID(number: 1), peer: stranger))
        #expect(try JSONDecoder().decode(RPCResponse.self, from: Data(text.utf8)).error?.code == ErrorCode.permissionDenied.rawValue)
    }
}
