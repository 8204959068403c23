import MusicTheory

/// A melody taken from a score a teacher gave (`dictation --from`): its notes as they sound, the
/// key signature it was written under, its rhythm where a `RhythmPattern` can hold it, and where
/// in which file it came from. The daemon reads the files (`ScoreLibrary`); the engine only asks.
public struct ScoreMelody: Sendable, Hashable {
    /// The notes as they sound, one at a time.
    public let keys: [MIDINote]
    /// Sharps (positive) or flats (negative) of the key signature, and whether it is the minor key.
    public let fifths: Int
    public let minor: Bool
    /// Its note values, when the meter is one of `Meter`'s and every length a whole number of
    /// `RhythmPattern.unitsPerQuarter` units; nil otherwise (its pitches can still be asked).
    public let rhythm: Rhythm?
    /// `minuet.mxl, violin, bars 5-8`.
    public let source: String

    /// A melody's rhythm: its meter, the silence before the first note from the bar line (a phrase
    /// that starts on an upbeat), and each note's length up to the next note (the last: as written).
    public struct Rhythm: Sendable, Hashable {
        public let meter: Meter
        public let lead: Int
        public let lengths: [Int]

        public init(meter: Meter, lead: Int, lengths: [Int]) {
            (self.meter, self.lead, self.lengths) = (meter, lead, lengths)
        }
    }

    public init(keys: [MIDINote], fifths: Int, minor: Bool, rhythm: Rhythm?, source: String) {
        (self.keys, self.fifths, self.minor, self.rhythm, self.source) = (keys, fifths, minor, rhythm, source)
    }
}

/// Which melodies a session asks for: the score files (or folders of them), the part, the
/// phrases' length in bars.
public struct ScoreRequest: Sendable, Hashable, Codable {
    /// Files or folders, as the daemon reads them (absolute: `eartrainctl` makes a relative one so).
    public var paths: [String]
    /// The part (MusicXML) or track (MIDI) by its name, its id or its number from 1; nil: the first
    /// part with notes.
    public var part: String?
    /// Whole bars a phrase spans.
    public var bars: ClosedRange<Int>
    /// The melodies eartrainer ships, this collection of them, beside the files (`--library`).
    public var library: MelodyCollection?
    /// Real melodies mixed into made ones (a dictation's middle levels): a session goes on without
    /// them when none can be read.
    public var mixed: Bool

    public init(paths: [String], part: String? = nil, bars: ClosedRange<Int> = 1...2, library: MelodyCollection? = nil, mixed: Bool = false) {
        (self.paths, self.part, self.bars, self.library, self.mixed) = (paths, part, bars, library, mixed)
    }
}

/// Reads the melodies a session asks for: the daemon's, over the score files (`Scores`).
public protocol ScoreLibrary: Sendable {
    /// Every phrase of the request's scores; a file that cannot be read is refused by name.
    func melodies(_ request: ScoreRequest) throws(TrainingError) -> [ScoreMelody]
}
