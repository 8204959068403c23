/// A rhythm play-back as the events report it once the question is answered: the pattern asked
/// (`pattern`, given only then) and how each of its onsets was played (`onsets`, `extra`,
/// `tolerance_ms`, from the last play-back judged). What `RhythmLayout` places and the SVG and
/// text drawings draw.
public struct RhythmAnswer: Sendable, Hashable {
    /// One onset asked, as judged.
    public struct Onset: Sendable, Hashable {
        /// `on_time`, `early`, `late` or `missing`.
        public var verdict: String
        /// Played minus expected, in milliseconds; nil when missing.
        public var errorMilliseconds: Int?
        /// When it was played, in seconds from the first played onset; nil when missing.
        public var playedSeconds: Double?

        public init(verdict: String, errorMilliseconds: Int?, playedSeconds: Double?) {
            self.verdict = verdict
            self.errorMilliseconds = errorMilliseconds
            self.playedSeconds = playedSeconds
        }
    }

    public var pattern: RhythmPattern
    public var tempo: Int
    /// The last play-back's onsets, one per onset of the pattern; empty when none was played (a skip).
    public var onsets: [Onset]
    /// Played onsets that answer none, in seconds from the first played.
    public var extra: [Double]
    public var toleranceMilliseconds: Int?

    public init(pattern: RhythmPattern, tempo: Int, onsets: [Onset] = [], extra: [Double] = [], toleranceMilliseconds: Int? = nil) {
        self.pattern = pattern
        self.tempo = tempo
        self.onsets = onsets
        self.extra = extra
        self.toleranceMilliseconds = toleranceMilliseconds
    }

    /// The answer an event's details give: `pattern` from them, the play-back from them or, for a
    /// reveal, from the last play-back judged (`playBack`, a `note_judged`'s details); nil when
    /// the event carries no pattern (a wrong try, with another to come).
    public init?(details: JSONValue, playBack: JSONValue? = nil) {
        guard let wire = details["pattern"], let pattern = RhythmPattern(wire: wire), let tempo = RhythmPattern.tempo(wire: wire) else { return nil }
        let judged = details.decoded(as: RhythmJudgement.self) ?? playBack?.decoded(as: RhythmJudgement.self)
        let onsets = (judged?.onsets ?? []).map { onset in
            Onset(verdict: onset.verdict, errorMilliseconds: onset.errorMs, playedSeconds: onset.playedSeconds)
        }
        // A play-back of another pattern's length is not this one's.
        let matches = onsets.count == pattern.onsets.count
        self.init(pattern: pattern, tempo: tempo, onsets: matches ? onsets : [], extra: matches ? (judged?.extra ?? []) : [],
                  toleranceMilliseconds: judged?.toleranceMs)
    }

    /// A played time (seconds from the first played onset) in pattern units: the first played
    /// onset is taken for the pattern's first.
    public func units(playedSeconds: Double) -> Double {
        Double(pattern.onsets.first ?? 0) + playedSeconds / pattern.secondsPerUnit(tempo: tempo)
    }

    /// What an onset's mark says, in milliseconds (the legend says so, and the marks stay
    /// narrow enough for sixteenths): `+150`, `−80`, `±0`, `missing`.
    public static func label(_ onset: Onset) -> String {
        guard let ms = onset.errorMilliseconds else { return "missing" }
        return (ms > 0 ? "+" : ms < 0 ? "−" : "±") + "\(abs(ms))"
    }

    /// The mark for a verdict: ✓ on time, ← early, → late, ✗ missing.
    public static func mark(_ verdict: String) -> String {
        switch verdict {
        case "on_time": "✓"
        case "early": "←"
        case "late": "→"
        default: "✗"
        }
    }
}

extension RhythmAnswer {
    /// The answer in words: `every onset on time (on time: within 100 ms)`, or that it is the
    /// rhythm asked and how it was played.
    public var words: String {
        guard !onsets.isEmpty else { return "the rhythm asked" }
        let off = onsets.count { $0.verdict != "on_time" } + extra.count
        let within = toleranceMilliseconds.map { " (on time: within \($0) ms)" } ?? ""
        return (off == 0 ? "every onset on time" : "the rhythm asked, and how it was played") + within
    }

    /// What its marks mean, where it has them (a play-back judged).
    public var legend: String? {
        onsets.isEmpty ? nil : "✓ on time  ← early  → late  ✗ missing  + extra  (figures in ms)"
    }

    /// The figure that draws it.
    public var figure: AnswerFigure { AnswerFigure(.rhythm(self), words: words, legend: legend) }
}

/// A kind whose answer is a rhythm played back (`rhythm`, a `dictation` in time): it draws the
/// pattern asked once the question is over, each onset marked as the last try played it.
public protocol DrawsRhythmAnswer: ExerciseClientText {}

extension DrawsRhythmAnswer {
    public static func answerFigure(judged details: JSONValue) -> AnswerFigure? {
        RhythmAnswer(details: details)?.figure
    }

    public static func answerFigure(revealed details: JSONValue, playBack: JSONValue?) -> AnswerFigure? {
        RhythmAnswer(details: details, playBack: playBack)?.figure
    }
}
