import MusicTheory

/// A melody to sing as shown while it is open: the key and every note, as they are written. They
/// are the answer, shown on purpose; nothing of them sounds until it is revealed.
public struct SightSingQuestion: Sendable, Hashable, Codable {
    /// The scale the melody is made of.
    public let mode: Mode
    /// The melody, as written.
    public let notes: [SpelledNote]
    /// The key's tonic, written and sounding: the notes are tuned from it.
    public let tonic: SpelledNote
    public let tonicKey: MIDINote
    /// The melody's number in its key, from 1 (the one after the cadence).
    public let inKey: Int
}

extension SightSingQuestion: ExerciseQuestion {
    /// `C ionian`.
    public var key: String { "\(tonic.name) \(mode.name)" }
    public static var kind: ExerciseKind { SightSingExercise.kind }
    public var title: String { "sight-sing" }
    /// `in C ionian: sing E3 D3 C3 D3`.
    public var ask: String { "in \(key): sing \(notes.map(\.description).joined(separator: " "))" }
    public var text: String { "melody shown " + ask }
    /// The key and the first note's name: `sing in C ionian, from E 3`.
    public var spoken: String { "sing in \(tonic.name.spoken) \(mode.name), from \(notes[0].spoken)" }
    public var root: SpelledNote { notes[0] }
    public var tuningRoot: MIDINote? { tonicKey }
    /// A sung note answers it as its nearest key would; so does a key.
    public var answeredByVoice: Bool { true }
    /// The notes are shown: a wrong try may name the one written and its degree.
    public var showsExpectedWhileOpen: Bool { true }
    public var namesSubjectWhileOpen: Bool { true }
    /// The key, the first note (what a client shows as the root) and the notes as written.
    public struct Details: KindDetails {
        public var key: String
        public var root: String
        public var notes: [String]
    }
    public var details: Details { Details(key: key, root: notes[0].description, notes: notes.map(\.description)) }
    public var answerCount: Int? { notes.count }
    public var answerColumns: AnswerColumns { AnswerColumns(root: tonic.name.description, mode: mode.name) }
}
