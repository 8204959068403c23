import ControlProtocol
import Foundation
import Testing

/// Where eartrainctl looks for the daemon, as a table: the option, the environment, the files
/// that exist, and the path it must pick.
@Suite("The client's socket path")
struct SocketPathResolverTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let option: String?
        let environment: [String: String]
        /// The sockets that exist on the pretend machine.
        let existing: Set<String>
        let candidates: [String]
        let resolved: String

        var testDescription: String { name }
    }

    static let system = "/run/eartrainer/eartrainer.sock"
    static let local = "./run/eartrainer.sock"
    static let user = "/run/user/1000/eartrainer.sock"

    static let cases: [Case] = [
        Case(name: "--socket wins over everything", option: "/tmp/a.sock",
             environment: ["EARTRAINER_SOCKET": "/tmp/b.sock", "XDG_RUNTIME_DIR": "/run/user/1000"],
             existing: [user, system], candidates: ["/tmp/a.sock"], resolved: "/tmp/a.sock"),
        Case(name: "--socket is taken even when nothing is there", option: "/nowhere.sock", environment: [:],
             existing: [system, local], candidates: ["/nowhere.sock"], resolved: "/nowhere.sock"),
        Case(name: "an empty --socket counts as none", option: "", environment: ["EARTRAINER_SOCKET": "/tmp/b.sock"],
             existing: [], candidates: ["/tmp/b.sock"], resolved: "/tmp/b.sock"),
        Case(name: "$EARTRAINER_SOCKET wins over the usual places", option: nil,
             environment: ["EARTRAINER_SOCKET": "/tmp/b.sock", "XDG_RUNTIME_DIR": "/run/user/1000"],
             existing: [user, system], candidates: ["/tmp/b.sock"], resolved: "/tmp/b.sock"),
        Case(name: "an empty $EARTRAINER_SOCKET counts as none", option: nil, environment: ["EARTRAINER_SOCKET": ""],
             existing: [local], candidates: [system, local], resolved: local),
        Case(name: "a user's daemon first when its socket exists", option: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1000"],
             existing: [user, system, local], candidates: [user, system, local], resolved: user),
        Case(name: "the system service when the user has no daemon", option: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1000"],
             existing: [system, local], candidates: [user, system, local], resolved: system),
        Case(name: "make run's socket when nothing else exists", option: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1000"],
             existing: [local], candidates: [user, system, local], resolved: local),
        Case(name: "none exists: the first candidate, so the error names it", option: nil,
             environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], existing: [], candidates: [user, system, local], resolved: user),
        Case(name: "no $XDG_RUNTIME_DIR: the system's and make run's", option: nil, environment: [:],
             existing: [], candidates: [system, local], resolved: system),
        Case(name: "an empty $XDG_RUNTIME_DIR counts as none", option: nil, environment: ["XDG_RUNTIME_DIR": ""],
             existing: [local], candidates: [system, local], resolved: local),
        Case(name: "$RUNTIME_DIRECTORY is the daemon's, not the client's", option: nil,
             environment: ["RUNTIME_DIRECTORY": "/run/other"], existing: ["/run/other/eartrainer.sock"],
             candidates: [system, local], resolved: system),
    ]

    @Test("candidates and the one picked, for each option, environment and set of existing files", arguments: cases)
    func table(_ row: Case) {
        #expect(SocketPathResolver.candidates(option: row.option, environment: row.environment) == row.candidates)
        #expect(SocketPathResolver.resolve(option: row.option, environment: row.environment, exists: row.existing.contains) == row.resolved)
    }

    @Test("without a test's own check it asks the file system: a real socket file in $XDG_RUNTIME_DIR is found")
    func realFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spr-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("eartrainer.sock").path
        let environment = ["XDG_RUNTIME_DIR": folder.path]
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(SocketPathResolver.resolve(option: nil, environment: environment) == path)
    }
}
