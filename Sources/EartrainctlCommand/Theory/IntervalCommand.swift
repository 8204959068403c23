import ArgumentParser
import MusicTheory

/// `eartrainctl theory interval ROOT INTERVAL [--descending] [--json]`
struct IntervalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interval",
        abstract: "Name the note an interval above (or below) a root, spelled by the interval.",
        discussion: """
            INTERVAL is a short name (m2 M2 m3 M3 P4 A4 d5 P5 m6 M6 m7 M7 P8 m9 M9 P11 A11 m13 M13 …)
            or a long one ("minor third", tritone, "augmented fourth", "major ninth").
            ROOT may carry an octave (Eb3); then the target carries one too.
            """
    )

    @Argument(help: "The root, e.g. Eb, C#/Db, Eb3 or 51.") var root: String
    @Argument(help: "The interval, e.g. M13 or \"minor third\".") var interval: String
    @Flag(help: "Go down from the root instead of up.") var descending = false
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let root = try parsed { () throws(TheoryError) in try RootNote(parsing: self.root) }
        let interval = try parsed { () throws(TheoryError) in try SpelledInterval(parsing: self.interval) }
        let rootText: String
        let target: String
        if root.midiNote != nil {
            let start = root.note(defaultOctave: 0)
            let note = try parsed { () throws(TheoryError) in
                descending ? try start.transposed(downBy: interval) : try start.transposed(by: interval)
            }
            _ = try parsed { () throws(TheoryError) in try note.midiNote() }
            (rootText, target) = (start.description, note.description)
        } else {
            let name = try parsed { () throws(TheoryError) in
                try NoteName(fifths: root.name.fifths + (descending ? -interval.fifths : interval.fifths))
            }
            (rootText, target) = (root.name.description, name.description)
        }
        let semitones = descending ? -interval.semitones : interval.semitones
        let report = IntervalReport(
            root: rootText, interval: interval.description, name: interval.name, target: target,
            semitones: semitones, direction: descending ? .descending : .ascending
        )
        if json {
            try printJSON(report)
        } else {
            let sign = descending ? "-" : "+"
            print("\(rootText) \(sign) \(interval) (\(interval.name)) = \(target)  (\(semitones) semitones)")
        }
    }
}

/// What `theory interval --json` prints.
struct IntervalReport: Encodable {
    let root: String
    let interval: String
    let name: String
    let target: String
    let semitones: Int
    let direction: IntervalDirection
}
