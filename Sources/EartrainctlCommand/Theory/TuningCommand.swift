import ArgumentParser
import Foundation
import MusicTheory

/// `eartrainctl theory tuning SYSTEM [--root NOTE] [--reference HZ] [--json]`
struct TuningCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tuning",
        abstract: "Show the cents of every interval in a tuning system and the notes of the octave above a root.",
        discussion: """
            SYSTEM is equal, just (5-limit just intonation) or pythagorean. The root is equal tempered
            from the reference pitch; every other note lies the system's interval above it.
            """
    )

    /// The intervals of one octave, both spellings of the tritone.
    static let octave = ["P1", "m2", "M2", "m3", "M3", "P4", "A4", "d5", "P5", "m6", "M6", "m7", "M7", "P8"]
        .map { try! SpelledInterval(parsing: $0) }

    @Argument(help: "The tuning system: equal, just or pythagorean.", transform: TuningSystem.init(choosing:))
    var system: TuningSystem
    @Option(help: "The root note; without an octave it is taken in octave 4.") var root = "C4"
    @Option(help: "The frequency of A4 in Hz, 380-500.") var reference = "440"
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let root = try parsed { () throws(TheoryError) in try RootNote(parsing: self.root) }.note(defaultOctave: 4)
        let referencePitch = try parsed { () throws(TheoryError) in try ReferencePitch(parsing: reference) }
        var rows: [TuningReport.Row] = []
        for interval in Self.octave {
            let note = try parsed { () throws(TheoryError) in try root.transposed(by: interval) }
            let cents = system.centOffset(for: interval)
            rows.append(TuningReport.Row(
                interval: interval.description, name: interval.name, ratio: system.ratio(for: interval)?.description,
                cents: rounded(cents, 3), deviation: rounded(cents - Double(interval.semitones) * 100, 3),
                note: note.description,
                hertz: rounded(system.frequency(of: note, root: root, reference: referencePitch).hertz, 3)
            ))
        }
        let report = TuningReport(
            system: system.name, name: system.displayName, root: root.description, reference: referencePitch.hertz, intervals: rows
        )
        json ? try printJSON(report) : print(report.table)
    }

    private func rounded(_ value: Double, _ places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}

/// What `theory tuning --json` prints.
struct TuningReport: Encodable {
    struct Row: Encodable {
        let interval: String
        let name: String
        let ratio: String?
        let cents: Double
        let deviation: Double
        let note: String
        let hertz: Double
    }

    let system: String
    let name: String
    let root: String
    let reference: Double
    let intervals: [Row]

    /// The table a person reads.
    var table: String {
        var lines = ["\(name) above \(root), A4 = \(String(format: "%g", reference)) Hz"]
        lines.append(padded("interval", 26) + padded("ratio", 9) + "   cents  vs equal  " + padded("note", 5) + "        Hz")
        for row in intervals {
            let numbers = String(format: "%8.2f   %+7.2f", row.cents, row.deviation)
            lines.append(
                padded(row.interval, 4) + " " + padded(row.name, 20) + " " + padded(row.ratio ?? "-", 9)
                    + numbers + "  " + padded(row.note, 5) + String(format: " %9.2f", row.hertz))
        }
        return lines.joined(separator: "\n")
    }

    private func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
