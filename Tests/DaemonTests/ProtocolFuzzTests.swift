import ControlProtocol
import ControlServer
import Foundation
import ProcessTestSupport
import Testing
import Training

@testable import Daemon

/// A seeded fuzzer for the request path: mutated and random lines through `ControlService.reply`,
/// the exact code a client's line reaches. Every reply must be one line of JSON-RPC (a response,
/// an array of them for a batch, or nothing, for notifications), and nothing may trap. `FUZZ_ITERATIONS` sets the count (CI: 30,000; the
/// figure in docs/reliability.md comes from a run with millions).
@Suite("Protocol fuzzing", .cpuHeavy)
struct ProtocolFuzzTests {
    static let corpus: [String] = [
        #"{"jsonrpc":"2.0","id":1,"method":"status"}"#,
        #"{"jsonrpc":"2.0","id":"x","method":"session.start","params":{"kind":"scale","mode":"dorian","root":"D3","seed":3}}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"session.start","params":{"kind":"interval","intervals":["m3","P5","M13"],"direction":"descending","tries":2,"strict":true}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"notes.play","params":{"notes":["D3",52,"F#3"],"velocity":64}}"#,
        #"{"jsonrpc":"2.0","id":4,"method":"subscribe","params":{"topics":["answer","prompt"]}}"#,
        #"{"jsonrpc":"2.0","id":5,"method":"session.skip"}"#,
        #"{"jsonrpc":"2.0","id":6,"method":"session.repeat"}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"session.stop"}"#,
        #"{"jsonrpc":"2.0","method":"notes.play","params":{"notes":[60]}}"#,
        #"[{"jsonrpc":"2.0","id":8,"method":"status"},{"jsonrpc":"2.0","method":"session.skip"},{"jsonrpc":"2.0","id":null,"method":"x"}]"#,
    ]
    static let fragments = ["null", "true", "-1", "1e309", "\"\"", "[]", "{}", "\"C##4\"", "\"P3\"", "99999999999999999999",
                            "\"\\u0000\"", "{\"kind\":\"scale\"}", ",", ":", "\"", "\\", "\u{FFFD}", "é"]

    static var iterations: Int {
        ProcessInfo.processInfo.environment["FUZZ_ITERATIONS"].flatMap(Int.init) ?? 30_000
    }

    /// One input: a corpus line mutated a few times, or random bytes.
    static func input(_ random: inout SeededRandom) -> [UInt8] {
        if random.next() % 10 == 0 {
            return (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
        var bytes = Array(corpus[Int(random.next() % UInt64(corpus.count))].utf8)
        for _ in 0..<(1 + Int(random.next() % 4)) where !bytes.isEmpty {
            let at = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 5 {
            case 0: bytes[at] ^= UInt8(1 << (random.next() % 8))
            case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 8)))
            case 2: bytes.insert(contentsOf: Array(fragments[Int(random.next() % UInt64(fragments.count))].utf8), at: at)
            case 3: bytes = Array(bytes[..<at])
            default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
            }
        }
        return bytes.filter { $0 != 10 }
    }

    @Test("seeded mutations of valid requests and random bytes: every reply is JSON-RPC, nothing traps")
    func fuzzRequests() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fz-\(UUID().uuidString.prefix(8)).sock").path
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: "hi", refusals: ControlService.refusals(maxClients: 4))
        let core = DaemonCore(sound: RecordingSoundOutput(), seed: 1)
        let router = RequestRouter(core: core, policy: AccessPolicy())
        let service = ControlService(server: server, router: router)
        let quickAnswer = ControlService.quickAnswer(router)
        let peer = PeerCredentials(pid: 1, uid: getuid(), gid: getgid())
        var random = SeededRandom(seed: 0xF022)
        var replies = 0, batches = 0, quick = 0
        let started = ContinuousClock.now
        for _ in 0..<Self.iterations {
            let bytes = Self.input(&random)
            // What the socket's thread answers itself must be what the usual way answers, but for the clocks.
            let quickReply = quickAnswer(bytes[...], ClientID(number: 1), peer)
            guard let reply = await service.reply(to: bytes, from: ClientID(number: 1), peer: peer) else {
                #expect(quickReply == nil)
                continue
            }
            if let quickReply {
                quick += 1
                #expect(Self.withoutClocks(quickReply) == Self.withoutClocks(reply), "\(String(decoding: bytes, as: UTF8.self))")
            }
            replies += 1
            let parsed = try JSONSerialization.jsonObject(with: Data(reply.utf8))
            let responses = (parsed as? [[String: Any]]) ?? [parsed as? [String: Any] ?? [:]]
            if parsed is [Any] { batches += 1 }
            #expect(!responses.isEmpty)
            for object in responses {
                #expect(object["jsonrpc"] as? String == "2.0", "reply to \(String(decoding: bytes, as: UTF8.self)): \(reply)")
                #expect((object["result"] == nil) != (object["error"] == nil))
            }
            #expect(!reply.contains("\n"))
        }
        print("protocol fuzz: \(Self.iterations) inputs, \(replies) replies (\(batches) batches, \(quick) answered at once), \(ContinuousClock.now - started)")
        #expect(replies > Self.iterations / 2)
        #expect(batches > 0)
        #expect(quick > 0)
    }

    /// A reply with its clocks (uptime, session time) taken out, to compare two replies.
    static func withoutClocks(_ reply: String) -> String {
        reply.replacingOccurrences(of: #""(uptime|elapsed)_seconds":[0-9.e+-]+"#, with: "", options: .regularExpression)
    }
}
