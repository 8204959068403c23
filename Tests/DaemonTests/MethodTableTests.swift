import ControlProtocol
import ControlServer
import Foundation
import Glibc
import SocketTestSupport
import Testing

@testable import Daemon

/// The table of methods is the one list: a method added to it alone is routed, gated, listed by
/// `hello`; docs/protocol.md's method table and error table say what the code says.
@Suite("Method table")
struct MethodTableTests {
    static let me = PeerCredentials(pid: 1, uid: getuid(), gid: getgid())
    static let stranger = PeerCredentials(pid: 2, uid: 54321, gid: 54321)

    struct EchoParams: Decodable {
        var word: String
    }

    /// A test-only method, added through the table alone.
    static func echo(_ caller: MethodEntry.Caller) -> MethodEntry {
        MethodEntry("test.echo", caller, params: EchoParams.self) { params, _ in JSONValue.object(["echoed": .string(params.word)]) }
    }

    static let echoLine = #"{"jsonrpc":"2.0","id":"e","method":"test.echo","params":{"word":"ping"}}"#

    @Test("a method added to the table alone is routed and listed by hello, over the socket")
    func routedAndListed() async throws {
        try await LineClient.withControlSocket(methods: MethodTable.standard.adding(Self.echo(.control))) { client in
            let hello = try JSONDecoder().decode(RPCNotification.self, from: Data(try #require(await client.readLine()).utf8))
            guard case .object(let greeting) = hello.params else { Issue.record("the greeting has no params"); return }
            #expect(greeting["methods"] == JSONValue.array((MethodTable.standard.names + ["test.echo"]).map { .string($0) }))
            client.sendLine(Self.echoLine)
            let reply = try JSONDecoder().decode(RPCResponse.self, from: Data(try #require(await client.readLine()).utf8))
            #expect(reply.result == .object(["echoed": .string("ping")]))
            #expect(reply.id == .string("e"))
            client.sendLine(#"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":{"word":3}}"#)
            #expect(try #require(await client.readLine()).contains("-32602"))
        }
    }

    private func reply(_ methods: MethodTable, peer: PeerCredentials) async throws -> RPCResponse {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mt-\(UUID().uuidString.prefix(8)).sock").path
        let server = try ControlServer(listener: try UnixListener.bind(path: path), greeting: "hi", refusals: ControlService.refusals(maxClients: 4))
        let router = RequestRouter(core: DaemonCore(sound: RecordingSoundOutput(), seed: 5), policy: AccessPolicy(daemonUID: getuid()), methods: methods)
        let text = try #require(await ControlService(server: server, router: router).reply(to: Array(Self.echoLine.utf8), from: ClientID(number: 1), peer: peer))
        return try JSONDecoder().decode(RPCResponse.self, from: Data(text.utf8))
    }

    @Test("a control method is refused to a peer that may not control, and answered to one that may")
    func gated() async throws {
        let control = MethodTable.standard.adding(Self.echo(.control))
        #expect(try await reply(control, peer: Self.stranger).error?.code == ErrorCode.permissionDenied.rawValue)
        #expect(try await reply(control, peer: Self.me).result == .object(["echoed": .string("ping")]))
        let open = MethodTable.standard.adding(Self.echo(.anyone))
        #expect(try await reply(open, peer: Self.stranger).result == .object(["echoed": .string("ping")]))
        let unknown = try await reply(.standard, peer: Self.me)
        #expect(unknown.error?.code == ErrorCode.methodNotFound.rawValue)
        #expect(unknown.error?.message.contains(MethodTable.standard.names.joined(separator: ", ")) == true)
    }

    static var protocolDoc: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("docs/protocol.md"), encoding: .utf8)
        }
    }

    /// The rows of the markdown table that follows `heading`, as cells.
    static func rows(after heading: String, in text: String) -> [[String]] {
        let lines = text.components(separatedBy: "\n").drop { $0 != heading }.dropFirst().drop { !$0.hasPrefix("|") }
        return lines.prefix { $0.hasPrefix("|") }.dropFirst(2).map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test("the daemon answers exactly the protocol's typed methods (Methods: each with its params and result type), in their order")
    func typedMethods() {
        #expect(MethodTable.standard.names == Methods.all.map(\.rawValue), "\(MethodTable.standard.names)")
        #expect(Set(Methods.all).count == Methods.all.count, "a method listed twice")
    }

    @Test("docs/protocol.md's method table lists the table's methods, in order, with who may call each")
    func documentedMethods() throws {
        let rows = Self.rows(after: "## Methods", in: try Self.protocolDoc)
        let documented = rows.map { row in (row[0].replacingOccurrences(of: "`", with: ""), row[row.count - 1]) }
        let table = MethodTable.standard.entries.map { ($0.name.rawValue, $0.caller.rawValue) }
        #expect(documented.map(\.0) == table.map(\.0))
        #expect(documented.map(\.1) == table.map(\.1))
    }

    @Test("docs/protocol.md's error table lists every error code, once")
    func documentedErrors() throws {
        let rows = Self.rows(after: "## Errors and limits", in: try Self.protocolDoc)
        let codes = rows.map { Int($0[0].replacingOccurrences(of: "−", with: "-")) }
        #expect(codes == ErrorCode.allCases.map(\.rawValue))
    }
}
