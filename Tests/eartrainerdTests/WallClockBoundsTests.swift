import Foundation
import ProcessTestSupport
import Testing

/// The suites that run side by side bound no wall-clock time: with other suites beside them on
/// two cores, a bound that held on a quiet machine fails on a loaded one, and a newcomer cannot
/// tell that flake from a broken checkout. A test that must bound real time (a latency, a relay,
/// a server's deadline) is tagged `.realTime` and runs in `make test`'s real-time stage, one at a
/// time; a figure worth watching goes to a benchmark. This reads the test sources for an
/// `#expect` or `#require` that compares the clock.
@Suite("wall-clock bounds", .cpuHeavy)
struct WallClockBoundsTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Files that compare the clock in an expectation and may, each with why.
    static let allowed: [String: String] = [
        "DaemonTests/TimedPlayTests.swift": "a lower bound (the keys came at their times, not at once): a loaded machine only makes it later",
        "FluidSynthAudioTests/HeardTimeTests.swift": "an instant bracketed by two readings of the clock taken around it, however far apart",
        "eartrainerdTests/WallClockBoundsTests.swift": "this guard's own examples",
    ]

    /// The test folders `swift test` builds (the VM's probes run in the VM, on their own).
    static func testSources() throws -> [(path: String, text: String)] {
        let tests = packageRoot.appendingPathComponent("Tests")
        let probes: Set<String> = ["ALSAProbe", "AudioProbe", "BootWAVCheck"]
        var found: [(String, String)] = []
        let walker = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.path.dropFirst(tests.path.count + 1))
            guard let folder = relative.split(separator: "/").first, !probes.contains(String(folder)) else { continue }
            found.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// The suites `make test` runs in its real-time stage: its `real_time` pattern's names.
    static func realTimeStage() throws -> [String] {
        let script = try String(contentsOf: packageRoot.appendingPathComponent("scripts/test.sh"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("real_time=") })
        return line.dropFirst("real_time=".count).trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
            .split(separator: "|").map { $0.replacingOccurrences(of: #"\."#, with: ".") }
    }

    /// The lines of `text` whose expectation compares a reading of the clock: one that names
    /// `ContinuousClock`, or a name bound to a reading of it (`let start = ContinuousClock.now`)
    /// or to a difference of readings (`let took = ContinuousClock.now - start`).
    static func clockBounds(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let binding = try! NSRegularExpression(pattern: #"(?:let|var)\s+(\w+)\s*=\s*[^=]*ContinuousClock\.now"#)
        let assigned = try! NSRegularExpression(pattern: #"^\s*(\w+)\s*=\s*[^=]*ContinuousClock\.now\s*-"#)
        var readings: Set<String> = []
        for line in lines {
            let range = NSRange(line.startIndex..., in: line)
            for pattern in [binding, assigned] {
                for match in pattern.matches(in: line, range: range) {
                    if let name = Range(match.range(at: 1), in: line) { readings.insert(String(line[name])) }
                }
            }
        }
        let literal = try! NSRegularExpression(pattern: #""(?:[^"\\]|\\.)*""#)
        return lines.filter { line in
            guard line.contains("#expect(") || line.contains("#require(") else { return false }
            // The code of the line, its strings left out (a message may say "written").
            let code = literal.stringByReplacingMatches(in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "\"\"")
            if code.contains("ContinuousClock") { return true }
            let words = Set(code.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init))
            return !words.isDisjoint(with: readings)
        }
    }

    @Test("no side-by-side suite compares the clock in an expectation, outside the allow list")
    func noBounds() throws {
        var found: [String] = []
        for (path, text) in try Self.testSources() where Self.allowed[path] == nil && !Self.isRealTime(text) {
            found += Self.clockBounds(in: text).map { "\(path): \($0.trimmingCharacters(in: .whitespaces))" }
        }
        #expect(found.isEmpty, "wall-clock bounds beside other suites:\n\(found.joined(separator: "\n"))")
    }

    @Test("the guard finds what it is for: a bound on a difference of readings, and one on the clock itself")
    func findsBounds() {
        let example = """
            let start = ContinuousClock.now
            _ = try await link.result("status")
            let took = ContinuousClock.now - start
            #expect(took < .milliseconds(500))
            #expect(ContinuousClock.now - start < .seconds(1))
            #expect(answer == 4)
            """
        #expect(Self.clockBounds(in: example).count == 2)
        #expect(Self.clockBounds(in: "let written = ContinuousClock.now - start\n#expect(out.contains(\"not written\"))").isEmpty,
                "a word in a message is no reading")
        #expect(Self.clockBounds(in: "let deadline = ContinuousClock.now + .seconds(5)\n#expect(ok)").isEmpty)
    }

    /// Whether the file's suite is tagged `.realTime` (the stage check below keeps the tag and
    /// `make test`'s stage in step).
    static func isRealTime(_ text: String) -> Bool {
        text.split(separator: "\n").contains { $0.hasPrefix("@Suite(") && $0.contains(".realTime") }
    }

    @Test("a suite tagged .realTime runs in the real-time stage, and the stage names only such suites")
    func stageMatchesTags() throws {
        let stage = try Self.realTimeStage()
        let tagged = try Self.testSources().compactMap { (path, text) -> String? in
            guard let suite = text.split(separator: "\n").first(where: { $0.hasPrefix("@Suite(") && $0.contains(".realTime") }) else { return nil }
            let type = suite.components(separatedBy: "struct ").dropFirst().first?.split(separator: " ").first.map(String.init)
            return type ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        }
        for suite in tagged {
            #expect(stage.contains { suite.hasSuffix($0.split(separator: ".").last.map(String.init) ?? $0) || suite.contains($0) },
                    "\(suite) is tagged .realTime but scripts/test.sh's real_time does not name it")
        }
        for name in stage {
            let short = name.split(separator: ".").last.map(String.init) ?? name
            #expect(tagged.contains { $0.hasSuffix(short) }, "scripts/test.sh's real_time names \(name), which no .realTime suite matches")
        }
    }

    /// The time limits, in minutes, of a file whose suite waits for a slot (`.daemon`,
    /// `.cpuHeavy`, `.realTime`): a test's limit counts its wait for a slot too, and side by side
    /// that wait has run past three minutes.
    static func gatedLimits(in text: String) -> [Int] {
        let lines = text.split(separator: "\n")
        guard lines.contains(where: { line in
            line.hasPrefix("@Suite(") && [".daemon", ".cpuHeavy", ".realTime"].contains { line.contains($0) }
        }) else { return [] }
        let limit = try! NSRegularExpression(pattern: #"\.timeLimit\(\.minutes\((\d+)\)\)"#)
        return limit.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).flatMap { Int(text[$0]) }
        }
    }

    @Test("a test that waits for a slot allows at least 10 minutes in its time limit")
    func slotWaitsFitTimeLimits() throws {
        // This file's own examples below name short limits in strings.
        let short = try Self.testSources().filter { $0.path != "eartrainerdTests/WallClockBoundsTests.swift" }
            .flatMap { path, text in Self.gatedLimits(in: text).filter { $0 < 10 }.map { "\(path): \($0) min" } }
        #expect(short.isEmpty, "a wait for a slot alone can take this long:\n\(short.joined(separator: "\n"))")
        #expect(Self.gatedLimits(in: "@Suite(\"x\", .daemon)\n@Test(\"y\", .timeLimit(.minutes(2)))") == [2])
        #expect(Self.gatedLimits(in: "@Suite struct X {\n@Test(\"y\", .timeLimit(.minutes(2)))").isEmpty)
    }
}
