import MusicTheory

/// A rhythm question as shown while it is open: the pitch, the tempo, the meter and the bars;
/// never the pattern (that is what the student hears).
public struct RhythmQuestion: Sendable, Hashable, Codable {
    public let root: SpelledNote
    public let rootNote: MIDINote
    public let tempo: Int
    public let meter: Meter
    public let bars: Int
    /// Only the pitch shown counts.
    public let strict: Bool
}

extension RhythmQuestion: ExerciseQuestion {
    public static var kind: ExerciseKind { RhythmExercise.kind }
    public var title: String { "rhythm" }
    private var barsText: String { bars == 1 ? "one bar" : "\(bars) bars" }
    /// `4/4 at 80 BPM, one bar: play it back`.
    public var ask: String { "\(meter.rawValue) at \(tempo) BPM, \(barsText): play it back" + (strict ? " on \(root)" : "") }
    public var text: String { "rhythm " + ask }
    public var spoken: String { "listen: \(bars == 1 ? "one bar" : "\(bars) bars") in \(meter.spoken)" }
    public var tuningRoot: MIDINote? { rootNote }
    /// What the student is told beforehand: never the notes.
    public struct Details: KindDetails {
        public var root: String
        public var tempo: Int
        public var meter: Meter
        public var bars: Int
    }
    public var details: Details { Details(root: root.description, tempo: tempo, meter: meter, bars: bars) }
    /// The tempo, meter and bars of the question open (`MelodyTime`, as a dictation's).
    public var statusDetails: MelodyTime { MelodyTime(tempo: tempo, meter: meter, bars: bars) }
    public var answerColumns: AnswerColumns { AnswerColumns(root: root.name.description) }
}
