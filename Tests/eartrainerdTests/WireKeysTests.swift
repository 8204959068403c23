import ControlProtocol
import DaemonTestSupport
import Foundation
import Testing
import Training

/// One naming convention on the wire: every key of every JSON object the daemon writes (replies,
/// events, the greeting, `--log-format json`, `stats.export`'s JSON) and `eartrainctl --json`
/// prints is snake_case: in the message types' `CodingKeys`, in the documented examples and live.
@Suite("snake_case keys on the wire", .daemon)
struct WireKeysTests {
    /// Maps keyed by data, not by name: the figures per exercise, mode, root (`Eb`) and interval (`P5`).
    static let keyedByData: Set = ["by_exercise", "by_mode", "by_root", "by_interval", "by_item"]

    /// The keys of `value` (at any depth) that are not snake_case, with where they are.
    static func offenders(in value: JSONValue, at path: String = "") -> [String] {
        switch value {
        case .array(let elements):
            return elements.flatMap { offenders(in: $0, at: path + "[]") }
        case .object(let members):
            return members.flatMap { key, member -> [String] in
                let here = path + "." + key
                let inner = keyedByData.contains(key) && !member.objectValue.isEmpty
                    ? member.objectValue.values.flatMap { offenders(in: $0, at: here + ".*") } : offenders(in: member, at: here)
                // A kind's name keys its defaults in `config.get`: a name (`ear-interval`), not a key.
                let isKindName = ExerciseCatalog.all.contains { $0.kind.rawValue == key }
                return (isSnakeCase(key) || isKindName ? [] : [here]) + inner
            }
        default:
            return []
        }
    }

    static func isSnakeCase(_ key: String) -> Bool {
        key.range(of: #"^[a-z][a-z0-9]*(_[a-z0-9]+)*$"#, options: .regularExpression) != nil
    }

    static func json(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test("the checker tells snake_case from other keys")
    func checker() throws {
        #expect(Self.offenders(in: try #require(Self.json(#"{"a_b":1,"c":[{"last_7_days":{"x2":null}}]}"#))).isEmpty)
        #expect(Self.offenders(in: try #require(Self.json(#"{"a":{"averageResponseSeconds":1}}"#))) == [".a.averageResponseSeconds"])
        #expect(Self.offenders(in: try #require(Self.json(#"{"by_mode":{"Eb":{"Bad":1}}}"#))) == [".by_mode.*.Bad"])
    }

    @Test("every key the message types' CodingKeys write")
    func types() throws {
        let keys = try MessageKeys.all()
        #expect(keys.count > 50, "the message types' keys are read")
        for (key, file) in keys {
            #expect(Self.isSnakeCase(key), "\(file): \(key)")
        }
    }

    @Test("every JSON line of docs/usage.md's and docs/protocol.md's examples", arguments: ["docs/usage.md", "docs/protocol.md"])
    func documented(_ document: String) throws {
        let text = try String(contentsOf: ConsoleExample.repository.appendingPathComponent(document), encoding: .utf8)
        var inBlock = false
        var checked = 0
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inBlock.toggle(); continue }
            guard inBlock, line.hasPrefix("{") || line.hasPrefix("[") else { continue }
            guard let value = Self.json(line) else {
                #expect(line.contains("[...]"), "not JSON, and not an abridged line: \(line)")
                continue
            }
            checked += 1
            #expect(Self.offenders(in: value).isEmpty, "\(document): \(line)")
        }
        #expect(checked >= 1)
    }

    @Test("live: every reply, event and log line of a session, and eartrainctl --json")
    func live() async throws {
        let daemon = try DaemonProcess(arguments: ["--log-format", "json"])
        let link = try await daemon.connect()
        let greeting = try #require(link.greeting)
        #expect(Self.offenders(in: greeting.params).isEmpty)
        var heard: [RPCNotification] = []
        var values: [(String, JSONValue)] = []
        func call(_ method: String, _ params: JSONValue? = nil) async throws {
            values.append((method, try await link.result(method, params, notifications: &heard)))
        }
        try await call("subscribe")
        try await call("status")
        try await call("devices.get")
        try await call("config.get")
        try await call("session.start", .object(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3"), "seed": .number(1)]))
        try await call("notes.play", .object(["notes": .array(["D3", "E3", "G3", "F3"].map { .string($0) })]))
        try await call("status")
        try await call("session.skip")
        try await call("session.stop")
        try await call("session.results")
        try await call("session.start", .object(["kind": .string("interval"), "intervals": .array([.string("P5")]), "seed": .number(2)]))
        try await call("notes.play", .object(["notes": .array([.string("C4")])]))
        try await call("session.stop")
        try await call("stats.get")
        try await call("stats.export", .object(["format": .string("json")]))
        try await call("unsubscribe")
        for (method, value) in values {
            #expect(Self.offenders(in: value).isEmpty, "\(method): \(value)")
        }
        for notification in heard {
            #expect(Self.offenders(in: notification.params).isEmpty, "\(notification.method): \(notification.params)")
        }
        #expect(heard.count > 5)
        // stats.export's JSON is a document of its own, inside `data`.
        let exported = try #require(values.last { $0.0 == "stats.export" }?.1["data"]?.stringValue)
        let rows = try #require(Self.json(exported))
        #expect(Self.offenders(in: rows).isEmpty)
        #expect(!rows.arrayValue.isEmpty)

        var lines = 0
        for line in daemon.stdout.split(separator: "\n") where line.hasPrefix("{") {
            let value = try #require(Self.json(String(line)), "stdout: \(line)")
            #expect(Self.offenders(in: value).isEmpty, "stdout: \(line)")
            lines += 1
        }
        #expect(lines > 5)

        let commands: [[String]] = [
            ["status", "--json"], ["devices", "--json"], ["results", "--json"], ["stats", "--json"], ["theory", "interval", "C4", "d5", "--json"],
            ["theory", "scale", "dorian", "D", "--json"], ["theory", "tuning", "just", "--json"],
        ]
        for arguments in commands {
            let output = try await Eartrainctl.run(arguments, socket: arguments[0] == "theory" ? nil : daemon.socketPath)
            #expect(output.status == 0, "\(arguments): \(output)")
            let value = try #require(Self.json(output.stdout), "\(arguments): \(output.stdout)")
            #expect(Self.offenders(in: value).isEmpty, "eartrainctl \(arguments.joined(separator: " ")): \(output.stdout)")
        }
        _ = await daemon.stop()
    }
}
