import MusicTheory

/// A degree question as shown while it is open: the key and its tonic, never the degree.
public struct DegreeQuestion: Sendable, Hashable, Codable {
    /// The key the cadence set.
    public let key: Key
    /// The tonic in the register the cadence and the note sound in.
    public let root: SpelledNote
    public let rootNote: MIDINote
    /// The question's number in this key, from 1 (the one with the cadence).
    public let inKey: Int
}

extension DegreeQuestion: ExerciseQuestion {
    public static var kind: ExerciseKind { DegreeExercise.kind }
    public var title: String { "degree" }
    /// `in C major: play the note you hear`.
    public var ask: String { "in \(key): play the note you hear" }
    public var text: String { "degree heard " + ask }
    public var spoken: String { inKey == 1 ? "listen: in \(key.tonic.spoken) \(key.quality.rawValue), a note of the scale" : "listen: the next note" }
    /// The tonic: in just intonation the cadence's chords are beatless and the degree pure above it.
    public var tuningRoot: MIDINote? { rootNote }
    /// A sung or bowed note answers it as its nearest key would.
    public var answeredByVoice: Bool { true }
    /// The key, its tonic, and how many questions it has asked so far.
    public struct Details: KindDetails {
        /// `D major`.
        public var key: String
        public var tonic: String
        public var inKey: Int

        enum CodingKeys: String, CodingKey {
            case key, tonic
            case inKey = "in_key"
        }
    }
    public var details: Details { Details(key: key.name, tonic: root.description, inKey: inKey) }
    public var answerColumns: AnswerColumns { AnswerColumns(root: key.tonic.description, mode: key.quality.rawValue) }
}
