import MusicTheory

/// A progression question as shown while it is open: the key its tonic chord sets and how many
/// chords follow; never which chords.
public struct ProgressionQuestion: Sendable, Hashable, Codable {
    public let key: Key
    /// The tonic in the register the tonic chord sounds around.
    public let root: SpelledNote
    public let rootNote: MIDINote
    /// How many chords follow the tonic chord, 3…5.
    public let length: Int
    /// The progression's name, for the statistics' mode column only (lifetime figures per
    /// progression, read once the question is closed): never encoded, never on the wire.
    var progression = ""

    private enum CodingKeys: String, CodingKey {
        case key, root, rootNote, length
    }
}

extension ProgressionQuestion: ExerciseQuestion {
    public static var kind: ExerciseKind { ProgressionExercise.kind }
    public var title: String { "progression" }
    /// `in D major: play the 4 chords you hear`.
    public var ask: String { "in \(key): play the \(length) chords you hear" }
    public var text: String { "progression heard " + ask }
    /// `listen: the key of D major, then four chords`.
    public var spoken: String {
        let count = ["three", "four", "five"].indices.contains(length - 3) ? ["three", "four", "five"][length - 3] : "\(length)"
        return "listen: the key of \(key.tonic.spoken) \(key.quality.rawValue), then \(count) chords"
    }
    /// The tonic: in just intonation the tonic chord is beatless, and each chord of the
    /// progression is tuned pure on its root, tuned from the tonic.
    public var tuningRoot: MIDINote? { rootNote }
    /// The key, its tonic and how many chords; never the chords.
    public struct Details: KindDetails {
        public var key: String
        public var tonic: String
        public var chords: Int
    }
    public var details: Details { Details(key: key.name, tonic: root.description, chords: length) }
    /// The key and how many chords, in `status`.
    public struct StatusDetails: KindDetails {
        public var key: String
        public var chords: Int
    }
    public var statusDetails: StatusDetails { StatusDetails(key: key.name, chords: length) }
    public var answerCount: Int? { length }
    public var answerColumns: AnswerColumns { AnswerColumns(root: key.tonic.description, mode: key.quality.rawValue) }
}
