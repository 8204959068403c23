import Foundation
import ProcessTestSupport
import Testing

/// The shared names are compared as values: a `kind == "scale"` in Sources would be a second,
/// unchecked way of saying what `ExerciseKind` says.
@Suite("No source compares a shared name as a string", .cpuHeavy)
struct NoNameComparisonTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    static let names = ["scale", "interval", "cello", "sine", "equal", "just", "pythagorean", "pitch-class",
                        "exact-octave", "pitchClass", "exactOctave", "ascending", "descending"]

    @Test("no `== \"scale\"`, `!= \"sine\"` or `case \"interval\":` for any of the five enums' names")
    func noStringComparisons() throws {
        let alternatives = Self.names.joined(separator: "|")
        let pattern = try NSRegularExpression(pattern: #"([!=]=\s*"(\#(alternatives))")|(case\s+"(\#(alternatives))"\s*[:,])"#)
        var found: [String] = []
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        var scanned = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            scanned += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("\(url.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(scanned > 100, "the Sources folder was not found at \(Self.sources.path)")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
