import ConfigFile
import Testing

@Suite("Where the config is looked for")
struct ConfigSourceTests {
    struct Case: Sendable {
        let commandLine: String?
        let environment: [String: String]
        let existing: Set<String>
        let expected: ConfigSource
    }

    static let cases: [Case] = [
        Case(commandLine: "/a.toml", environment: ["EARTRAINER_CONFIG": "/b.toml"], existing: ["/etc/eartrainer/eartrainer.toml"],
             expected: .commandLine("/a.toml")),
        Case(commandLine: "/missing.toml", environment: [:], existing: [], expected: .commandLine("/missing.toml")),
        Case(commandLine: nil, environment: ["EARTRAINER_CONFIG": "/b.toml"], existing: ["/etc/eartrainer/eartrainer.toml"],
             expected: .environment("/b.toml")),
        Case(commandLine: "", environment: ["EARTRAINER_CONFIG": ""], existing: ["/etc/eartrainer/eartrainer.toml"],
             expected: .system("/etc/eartrainer/eartrainer.toml")),
        Case(commandLine: nil, environment: ["HOME": "/root"], existing: [], expected: .builtInDefaults),
    ]

    @Test("--config, then $EARTRAINER_CONFIG, then /etc, then built-in defaults", arguments: cases)
    func lookupOrder(_ item: Case) {
        let source = ConfigSource.resolve(
            commandLine: item.commandLine, environment: item.environment, fileExists: { item.existing.contains($0) })
        #expect(source == item.expected)
    }

    @Test("built-in defaults load without a file")
    func defaultsNeedNoFile() throws {
        #expect(try ConfigLoader.load(.builtInDefaults) == .defaults)
        #expect(ConfigSource.builtInDefaults.description == "built-in defaults")
    }

    @Test("an explicit file that does not exist is an error, not the defaults")
    func missingExplicitFile() {
        #expect(throws: ConfigError.self) { try ConfigLoader.load(.environment("/nonexistent/eartrainer.toml")) }
    }
}
