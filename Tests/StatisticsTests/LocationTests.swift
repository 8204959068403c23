import Statistics
import Testing

@Suite("The database's default place")
struct LocationTests {
    static let cases: [([String: String], String?)] = [
        (["STATE_DIRECTORY": "/var/lib/eartrainer", "HOME": "/root"], "/var/lib/eartrainer/eartrainer.sqlite"),
        (["STATE_DIRECTORY": "/var/lib/a:/var/lib/b"], "/var/lib/a/eartrainer.sqlite"),
        (["XDG_STATE_HOME": "/home/u/.state", "HOME": "/home/u"], "/home/u/.state/eartrainer/eartrainer.sqlite"),
        (["HOME": "/home/u"], "/home/u/.local/state/eartrainer/eartrainer.sqlite"),
        (["XDG_STATE_HOME": "relative", "HOME": "/home/u"], "/home/u/.local/state/eartrainer/eartrainer.sqlite"),
        ([:], nil),
    ]

    @Test("$STATE_DIRECTORY, else the XDG state directory, else ~/.local/state/eartrainer", arguments: cases)
    func defaultPath(_ environment: [String: String], _ expected: String?) {
        #expect(StatisticsLocation.defaultPath(environment: environment) == expected)
    }
}
