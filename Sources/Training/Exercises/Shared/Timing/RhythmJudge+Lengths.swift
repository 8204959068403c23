/// How a held note's length compares with its written one (`rhythm --durations`).
public enum LengthVerdict: String, Sendable, Hashable, Codable {
    case right, short, long
}

extension RhythmJudge {
    /// How far a held note's length may be from its written length and still be right, as a
    /// share of the written length: 30 %. A student releases a note a little early to play the
    /// next one clearly (the daemon's own notes are detached by up to 60 ms, 8 % of a quarter at
    /// 80 BPM) and holds a little over when playing legato; a half note released after a quarter
    /// (50 % short), a quarter held through the rest after it, or an eighth held for a quarter
    /// (100 % long) are off.
    public static let lengthShare = 0.3

    /// The most a note of `written` seconds may be off: its share, never less than the onset
    /// tolerance, so a sixteenth is not judged to the millisecond a key takes to come up.
    public func lengthAllowance(_ written: Double) -> Double {
        max(Self.lengthShare * written, tolerance)
    }

    /// A note held `held` seconds against its `written` length.
    public func lengthVerdict(held: Double, written: Double) -> LengthVerdict {
        let off = held - written
        guard abs(off) > lengthAllowance(written) else { return .right }
        return off < 0 ? .short : .long
    }
}
