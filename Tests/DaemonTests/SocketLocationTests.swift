import Daemon
import Glibc
import Testing

/// Where the daemon binds its socket, as a table: `--socket` (or the config's `socket.path`), then
/// a socket systemd passed in, then `$RUNTIME_DIRECTORY`, `$XDG_RUNTIME_DIR`, `./run`.
@Suite("The daemon's socket location")
struct SocketLocationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let option: String?
        let environment: [String: String]
        let expected: SocketLocation

        var testDescription: String { name }
    }

    /// The pid the cases pretend to have (systemd's LISTEN_PID names it).
    static let pid: Int32 = 4242

    static let cases: [Case] = [
        Case(name: "--socket wins over everything", option: "/tmp/x.sock",
             environment: ["LISTEN_PID": "4242", "LISTEN_FDS": "1", "RUNTIME_DIRECTORY": "/run/eartrainer", "XDG_RUNTIME_DIR": "/run/user/1000"],
             expected: .path("/tmp/x.sock")),
        Case(name: "an empty --socket counts as none", option: "", environment: ["XDG_RUNTIME_DIR": "/run/user/1000"],
             expected: .path("/run/user/1000/eartrainer.sock")),
        Case(name: "systemd's socket when LISTEN_PID is ours", option: nil,
             environment: ["LISTEN_PID": "4242", "LISTEN_FDS": "1", "RUNTIME_DIRECTORY": "/run/eartrainer"],
             expected: .activated(fd: 3)),
        Case(name: "LISTEN_FDS for another process is not ours", option: nil,
             environment: ["LISTEN_PID": "1", "LISTEN_FDS": "1", "RUNTIME_DIRECTORY": "/run/eartrainer"],
             expected: .path("/run/eartrainer/eartrainer.sock")),
        Case(name: "LISTEN_FDS=0 passes no socket", option: nil,
             environment: ["LISTEN_PID": "4242", "LISTEN_FDS": "0", "XDG_RUNTIME_DIR": "/run/user/1000"],
             expected: .path("/run/user/1000/eartrainer.sock")),
        Case(name: "LISTEN_FDS that is not a number passes no socket", option: nil,
             environment: ["LISTEN_PID": "4242", "LISTEN_FDS": "x"], expected: .path("./run/eartrainer.sock")),
        Case(name: "$RUNTIME_DIRECTORY before $XDG_RUNTIME_DIR", option: nil,
             environment: ["RUNTIME_DIRECTORY": "/run/eartrainer", "XDG_RUNTIME_DIR": "/run/user/1000"],
             expected: .path("/run/eartrainer/eartrainer.sock")),
        Case(name: "several runtime directories: the first", option: nil,
             environment: ["RUNTIME_DIRECTORY": "/run/eartrainer:/run/other"], expected: .path("/run/eartrainer/eartrainer.sock")),
        Case(name: "an empty $RUNTIME_DIRECTORY counts as none", option: nil,
             environment: ["RUNTIME_DIRECTORY": "", "XDG_RUNTIME_DIR": "/run/user/1000"], expected: .path("/run/user/1000/eartrainer.sock")),
        Case(name: "$XDG_RUNTIME_DIR alone", option: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1000"],
             expected: .path("/run/user/1000/eartrainer.sock")),
        Case(name: "an empty $XDG_RUNTIME_DIR counts as none", option: nil, environment: ["XDG_RUNTIME_DIR": ""],
             expected: .path("./run/eartrainer.sock")),
        Case(name: "nothing set: ./run, where make run keeps it", option: nil, environment: [:], expected: .path("./run/eartrainer.sock")),
        Case(name: "$EARTRAINER_SOCKET is the client's, not the daemon's", option: nil,
             environment: ["EARTRAINER_SOCKET": "/tmp/y.sock"], expected: .path("./run/eartrainer.sock")),
    ]

    @Test("the location picked for each option and environment", arguments: cases)
    func table(_ row: Case) {
        #expect(SocketLocation.resolve(option: row.option, environment: row.environment, pid: Self.pid) == row.expected)
    }

    @Test("LISTEN_PID is compared with the daemon's own pid by default")
    func ownPid() {
        let ours = ["LISTEN_PID": String(getpid()), "LISTEN_FDS": "1"]
        #expect(SocketLocation.resolve(option: nil, environment: ours) == .activated(fd: 3))
        let theirs = ["LISTEN_PID": String(getpid() + 1), "LISTEN_FDS": "1"]
        #expect(SocketLocation.resolve(option: nil, environment: theirs) == .path("./run/eartrainer.sock"))
    }
}
