import MusicTheory

/// A dictation as shown while it is open: the key, the first note and how many notes; never the
/// others (the `prompt` event leaves out what sounds).
public struct DictationQuestion: Sendable, Hashable, Codable {
    /// `C ionian`.
    public let key: String
    /// The first note, shown and sounded.
    public let root: SpelledNote
    public let rootNote: MIDINote
    /// The key's tonic, which the notes are tuned from.
    public let tonic: MIDINote
    public let length: Int
    /// With its rhythm: the tempo, meter and bars told beforehand; nil for pitches only.
    public var time: MelodyTime? = nil
}

extension DictationQuestion: ExerciseQuestion {
    public static var kind: ExerciseKind { DictationExercise.kind }
    public var title: String { "melody" }
    /// `in C ionian from E4: play the melody (4 notes)`.
    public var ask: String { "in \(key) from \(root): play the melody (\(length) notes" + (time.map { ", \($0.text))" } ?? ")") }
    public var text: String { "melody heard " + ask }
    public var spoken: String { "listen: a melody of \(length) notes" + (time.map { " in \($0.meter.spoken)" } ?? "") + ", from \(root.spoken)" }
    public var tuningRoot: MIDINote? { tonic }
    /// A sung or bowed note answers it as its nearest key would.
    public var answeredByVoice: Bool { true }
    /// The key, the first note and how many; with its rhythm, the tempo, meter and bars too.
    public struct Details: KindDetails {
        public var key: String
        public var first: String
        public var length: Int
        public var tempo: Int?
        public var meter: Meter?
        public var bars: Int?
    }
    public var details: Details {
        Details(key: key, first: root.description, length: length, tempo: time?.tempo, meter: time?.meter, bars: time?.bars)
    }
    /// With its rhythm, the tempo, meter and bars; else nothing.
    public var statusDetails: MelodyTime? { time }
    public var answerCount: Int? { length }
    public var answerColumns: AnswerColumns { AnswerColumns(root: root.name.description, mode: key.split(separator: " ").last.map(String.init)) }
}
