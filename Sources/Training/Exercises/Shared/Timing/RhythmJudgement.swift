import MusicTheory

/// A judged play-back as its `note_judged` event carries it (a rhythm's, or a dictation's in
/// time): each onset, the extra notes, the tolerance, the keys off the pitch, and the pattern once
/// the question is over. A client decodes it to draw the answer (`RhythmAnswer`).
public struct RhythmJudgement: KindDetails {
    /// One expected onset as judged.
    public struct OnsetReport: KindDetails {
        /// When it was due, in seconds from the first onset; null for a missing one while another
        /// try may come (the pattern's time, not the student's, is kept for the end).
        public var expectedSeconds: Double?
        /// When it was played, from the first played; null when missing.
        public var playedSeconds: Double?
        /// Played minus due, rounded to the millisecond, and in beats to the hundredth; negative: early.
        public var errorMs: Int?
        public var errorBeats: Double?
        /// `on_time`, `early`, `late` or `missing`.
        public var verdict: String
        /// Where lengths are judged: the held and written lengths to the millisecond, and `length`.
        public var heldSeconds: Double?
        public var writtenSeconds: Double?
        public var length: String?

        enum CodingKeys: String, CodingKey {
            case expectedSeconds = "expected_seconds", playedSeconds = "played_seconds", errorMs = "error_ms"
            case errorBeats = "error_beats", verdict, heldSeconds = "held_seconds", writtenSeconds = "written_seconds", length
        }

        /// The times are always there, null when there is none; the lengths only where judged.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(expectedSeconds, forKey: .expectedSeconds)
            try container.encode(playedSeconds, forKey: .playedSeconds)
            try container.encode(errorMs, forKey: .errorMs)
            try container.encode(errorBeats, forKey: .errorBeats)
            try container.encode(verdict, forKey: .verdict)
            try container.encodeIfPresent(heldSeconds, forKey: .heldSeconds)
            try container.encodeIfPresent(writtenSeconds, forKey: .writtenSeconds)
            try container.encodeIfPresent(length, forKey: .length)
        }
    }

    public var onsets: [OnsetReport]
    /// Played onsets that answer none, in seconds.
    public var extra: [Double]
    /// How far off an onset may be and still be on time, in milliseconds.
    public var toleranceMs: Int
    /// Under `strict`, the keys played off the question's pitch.
    public var offPitch: [String]?
    /// The rhythm asked, once the question is over: never before.
    public var pattern: RhythmPattern.Wire?

    enum CodingKeys: String, CodingKey {
        case onsets, extra, toleranceMs = "tolerance_ms", offPitch = "off_pitch", pattern
    }
}

extension RhythmJudge {
    /// A judged play-back's report. Unless the question `closes`, an onset not played has no time:
    /// it is the pattern's, not the student's, kept for the end.
    public func judgement(_ result: Result, closes: Bool = true) -> RhythmJudgement {
        let onsets = result.onsets.map { onset in
            // A length is reported whole (held, written, verdict) or not at all.
            let lengthJudged = onset.held != nil && onset.written != nil && onset.length != nil
            return RhythmJudgement.OnsetReport(
                expectedSeconds: closes || onset.played != nil ? onset.expected : nil, playedSeconds: onset.played,
                errorMs: onset.error.map { Int(($0 * 1000).rounded()) },
                errorBeats: onset.error.map { ($0 / secondsPerBeat * 100).rounded() / 100 },
                verdict: onset.verdict.rawValue,
                heldSeconds: lengthJudged ? onset.held.map { ($0 * 1000).rounded() / 1000 } : nil,
                writtenSeconds: lengthJudged ? onset.written.map { ($0 * 1000).rounded() / 1000 } : nil,
                length: lengthJudged ? onset.length?.rawValue : nil)
        }
        return RhythmJudgement(onsets: onsets, extra: result.extra, toleranceMs: Int((tolerance * 1000).rounded()))
    }
}
