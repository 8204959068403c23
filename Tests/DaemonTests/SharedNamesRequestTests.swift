import ControlProtocol
import ControlServer
import Foundation
import Testing
import Training

@testable import Daemon

/// An unknown exercise kind, direction or tuning in `session.start` is Invalid params, and the
/// message lists what is accepted: none is mapped to a default.
@Suite("session.start refuses unknown names with the list")
struct SharedNamesRequestTests {
    private func reply(_ line: String) async throws -> [String: Any] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sn-\(UUID().uuidString.prefix(8)).sock").path
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: "hi", refusals: ControlService.refusals(maxClients: 4))
        let core = DaemonCore(sound: RecordingSoundOutput(), seed: 5)
        let service = ControlService(server: server, router: RequestRouter(core: core, policy: AccessPolicy(daemonUID: getuid())))
        let me = PeerCredentials(pid: 1, uid: getuid(), gid: getgid())
        let text = try #require(await service.reply(to: Array(line.utf8), from: ClientID(number: 1), peer: me))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("each unknown name is -32602 with the names accepted", arguments: [
        (#"{"kind":"blues"}"#, "kind: 'blues' is not one of \(ExerciseKind.names.map { "'\($0)'" }.joined(separator: ", "))"),
        (#"{"kind":"interval","direction":"sideways"}"#, "direction: 'sideways' is not one of 'ascending', 'descending'"),
        (#"{"kind":"scale","tuning":"meantone"}"#, "tuning: 'meantone' is not one of 'equal', 'just', 'pythagorean'"),
    ])
    func refused(params: String, message: String) async throws {
        let reply = try await reply(#"{"jsonrpc":"2.0","id":1,"method":"session.start","params":"# + params + "}")
        let error = try #require(reply["error"] as? [String: Any], "\(reply)")
        #expect(error["code"] as? Int == -32602)
        let text = "\(error["message"] ?? "") \(error["data"] ?? "")"
        #expect(text.contains(message), "\(error)")
    }

    @Test("the known names start the session they name")
    func accepted() async throws {
        let reply = try await reply(
            #"{"jsonrpc":"2.0","id":1,"method":"session.start","params":{"kind":"interval","direction":"descending","tuning":"just"}}"#)
        let session = try #require((reply["result"] as? [String: Any])?["session"] as? [String: Any], "\(reply)")
        #expect(session["kind"] as? String == "interval")
        #expect(session["direction"] as? String == "descending")
        #expect(session["tuning"] as? String == "just")
    }
}
