import ArgumentParser
import FluidSynthAudio
import MusicTheory

/// Turns the render command's words into exact frequencies; every bad word becomes a
/// `ValidationError` that says what is accepted.
enum RenderRequest {
    static func frequencies(root rootText: String?, interval: String?, notes: String?, mode: String?,
                            tuning: TuningSystem, reference hertz: Double) throws -> ([Frequency], [String]) {
        do {
            let reference = try ReferencePitch(validating: hertz)
            let root = try rootText.map { text throws(TheoryError) in try SpelledNote(parsing: text) }
            for note in [root].compactMap({ $0 }) { _ = try note.midiNote() }
            if let interval, let root {
                let spelled = try SpelledInterval(parsing: interval)
                let frequencies = try TunedNotes.interval(spelled, above: root, tuning: tuning, reference: reference)
                return (frequencies, [root.description, try root.transposed(by: spelled).description])
            }
            if let mode, let root {
                let scale = try Scale(mode: Mode(parsing: mode), root: root.name)
                let spelled = try scale.notes(from: root)
                for note in spelled { _ = try note.midiNote() }
                return (try TunedNotes.scale(Mode(parsing: mode), from: root, tuning: tuning, reference: reference),
                        spelled.map(\.description))
            }
            let words = (notes ?? "").split { $0 == " " || $0 == "," }.map(String.init)
            guard !words.isEmpty else { throw ValidationError("--notes needs at least one note, e.g. \"C3 E3 G3\"") }
            var spelled: [SpelledNote] = []
            for word in words {
                let note = try SpelledNote(parsing: word)
                _ = try note.midiNote()
                spelled.append(note)
            }
            return (TunedNotes.notes(spelled, root: root ?? spelled[0], tuning: tuning, reference: reference),
                    spelled.map(\.description))
        } catch let error as TheoryError {
            throw ValidationError(error.description)
        }
    }
}
