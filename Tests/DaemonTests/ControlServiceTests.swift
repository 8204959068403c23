import ControlProtocol
import ControlServer
import Foundation
import Synchronization
import Testing

@testable import Daemon

/// The request path without a socket: one line in, one reply out.
@Suite("Control requests")
struct ControlServiceTests {
    static let me = PeerCredentials(pid: 1, uid: getuid(), gid: getgid())
    static let stranger = PeerCredentials(pid: 2, uid: 54321, gid: 54321)

    private func service() throws -> ControlService {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cs-\(UUID().uuidString.prefix(8)).sock").path
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: "hi", refusals: ControlService.refusals(maxClients: 4))
        let core = DaemonCore(sound: RecordingSoundOutput(), seed: 5)
        return ControlService(server: server, router: RequestRouter(core: core, policy: AccessPolicy(daemonUID: getuid())))
    }

    private func reply(_ line: String, peer: PeerCredentials = me, service: ControlService? = nil) async throws -> [String: Any] {
        let service = try service ?? self.service()
        let text = try #require(await service.reply(to: Array(line.utf8), from: ClientID(number: 1), peer: peer))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The result of one request's reply, decoded as the message type the method answers with.
    private func result<Result: Decodable>(_ line: String, as type: Result.Type, service: ControlService) async throws -> Result {
        let text = try #require(await service.reply(to: Array(line.utf8), from: ClientID(number: 1), peer: Self.me))
        let response = try JSONDecoder().decode(RPCResponse.self, from: Data(text.utf8))
        return try Wire.decode(type, from: try #require(response.result, "\(text)"))
    }

    private func errorCode(_ reply: [String: Any]) -> Int? {
        (reply["error"] as? [String: Any])?["code"] as? Int
    }

    @Test("bad lines get JSON-RPC errors", arguments: [
        ("not json", -32700), ("{\"jsonrpc\":\"2.0\"", -32700), ("[]", -32600), ("42", -32600),
        (#"{"jsonrpc":"2.0","id":1}"#, -32600), (#"{"jsonrpc":"1.0","id":1,"method":"status"}"#, -32600),
        (#"{"jsonrpc":"2.0","id":1,"method":"nope"}"#, -32601),
        (#"{"jsonrpc":"2.0","id":1,"method":"session.start","params":{"kind":"blues"}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"session.start","params":{"kind":"scale","mode":"bebop"}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"session.start","params":{"kind":"scale","root":"H"}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"session.start","params":{"kind":"interval","intervals":["P3"]}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"session.start","params":{"kind":"interval","tries":0}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"session.start","params":{"kind":"scale","reference":1000}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"session.start","params":{}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"session.start","params":"x"}"#, -32600),
        (#"{"jsonrpc":"2.0","id":1,"method":"session.start","params":[1]}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"notes.play","params":{"notes":[true]}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"notes.play","params":{"notes":["C4"],"velocity":0}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"notes.play","params":{"notes":[128]}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"notes.play","params":{"notes":[]}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":1,"method":"session.stop"}"#, -32004),
        (#"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"topics":["weather"]}}"#, -32602),
        ("\u{FF}\u{FE}", -32700),
    ])
    func badLines(line: String, code: Int) async throws {
        #expect(errorCode(try await reply(line)) == code)
    }

    @Test("invalid UTF-8 bytes are a parse error, not a crash")
    func invalidUTF8() async throws {
        let service = try service()
        let text = try #require(await service.reply(to: [0x7B, 0xC3, 0x28, 0x7D], from: ClientID(number: 1), peer: Self.me))
        #expect(text.contains("-32700"))
    }

    @Test("a notification (no id) gets no reply, but is carried out")
    func notification() async throws {
        let service = try service()
        let silent = await service.reply(
            to: Array(#"{"jsonrpc":"2.0","method":"session.start","params":{"kind":"scale","root":"D","mode":"dorian"}}"#.utf8),
            from: ClientID(number: 1), peer: Self.me)
        #expect(silent == nil)
        let status = try await reply(#"{"jsonrpc":"2.0","id":"s","method":"status"}"#, service: service)
        #expect((status["result"] as? [String: Any])?["session"] != nil)
        #expect(status["id"] as? String == "s")
    }

    @Test("anyone may read; only the daemon's user, root or its group may control")
    func permissions() async throws {
        let service = try service()
        let status = try await reply(#"{"jsonrpc":"2.0","id":1,"method":"status"}"#, peer: Self.stranger, service: service)
        #expect(status["result"] != nil)
        for method in ["session.start", "session.stop", "session.repeat", "session.skip", "notes.play"] {
            let denied = try await reply(#"{"jsonrpc":"2.0","id":1,"method":"\#(method)","params":{"kind":"scale","notes":["C4"]}}"#,
                                         peer: Self.stranger, service: service)
            #expect(errorCode(denied) == -32002, "\(method)")
        }
        let root = PeerCredentials(pid: 3, uid: 0, gid: 0)
        #expect(AccessPolicy(daemonUID: 999).mayControl(root))
        #expect(AccessPolicy(daemonUID: 999, controlGroup: 777).mayControl(PeerCredentials(pid: 4, uid: 1000, gid: 777)))
        #expect(!AccessPolicy(daemonUID: 999, controlGroup: 777).mayControl(PeerCredentials(pid: 4, uid: 1000, gid: 100)))
    }

    @Test("a scale session through requests: start, play, status, stop")
    func session() async throws {
        let service = try service()
        let started = try await reply(
            #"{"jsonrpc":"2.0","id":1,"method":"session.start","params":{"kind":"scale","mode":"dorian","root":"D3","seed":4}}"#,
            service: service)
        #expect(((started["result"] as? [String: Any])?["session"] as? [String: Any])?["root"] as? String == "D3")
        #expect((started["result"] as? [String: Any])?["devices"] == nil)
        _ = try await reply(#"{"jsonrpc":"2.0","id":2,"method":"notes.play","params":{"notes":["D3","E3","F#3",53]}}"#, service: service)
        let status = try await result(#"{"jsonrpc":"2.0","id":3,"method":"status"}"#, as: StatusResult.self, service: service)
        let session = try #require(status.session)
        #expect(session.correct == 3)
        #expect(session.errors == 1)
        #expect(session.progress == 3)
        #expect(session.elapsedSeconds >= 0)
        let stopped = try await result(#"{"jsonrpc":"2.0","id":4,"method":"session.stop"}"#, as: ResultsReport.self, service: service)
        #expect(stopped.errorRate == 0.25)
    }
}
