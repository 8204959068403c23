import ArgumentParser
import MusicTheory

/// `eartrainctl theory scale MODE ROOT [--json]`
struct ScaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Spell a mode from a root, root to octave, with its step pattern.",
        discussion: """
            MODE is ionian, dorian, phrygian, lydian, mixolydian, aeolian or locrian (or major, minor).
            ROOT is a pitch class (C#/Db takes the spelling with fewer accidentals), a spelled name
            (D# keeps its spelling), a note with an octave (Eb3) or a MIDI number (51).
            """
    )

    @Argument(help: "The mode, e.g. dorian.") var mode: String
    @Argument(help: "The root, e.g. D, C#/Db, Eb3 or 51.") var root: String
    @Flag(help: "Print one JSON object.") var json = false

    func run() throws {
        let mode = try parsed { () throws(TheoryError) in try Mode(parsing: self.mode) }
        let root = try parsed { () throws(TheoryError) in try RootNote(parsing: self.root) }
        let scale = try parsed { () throws(TheoryError) in try root.scale(mode) }
        let notes: [String]
        if root.midiNote != nil {
            let start = root.note(spelled: scale.root, defaultOctave: 0)
            notes = try parsed { () throws(TheoryError) in try scale.notes(from: start) }.map(\.description)
        } else {
            notes = scale.notes.map(\.description)
        }
        let report = ScaleReport(
            mode: mode.name, root: notes[0], notes: notes, steps: mode.stepPattern,
            degrees: mode.degrees.map(\.description)
        )
        if json {
            try printJSON(report)
        } else {
            print("\(report.root) \(report.mode): \(notes.joined(separator: " "))  (\(report.steps))")
        }
    }
}

/// What `theory scale --json` prints.
struct ScaleReport: Encodable {
    let mode: String
    let root: String
    let notes: [String]
    let steps: String
    let degrees: [String]
}
