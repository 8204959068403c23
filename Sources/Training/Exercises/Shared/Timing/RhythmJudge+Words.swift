import MusicTheory

extension RhythmJudge.Result {
    /// `on time`, or what was off: `2nd late 150 ms, 4th missing, 1 extra, 1st short 370 ms`.
    public var described: String {
        var parts: [String] = []
        for (index, onset) in onsets.enumerated() where onset.verdict != .onTime {
            let place = RhythmJudge.ordinal(index + 1)
            switch onset.verdict {
            case .missing: parts.append("\(place) missing")
            default: parts.append("\(place) \(onset.verdict.rawValue) \(Self.milliseconds(onset.error ?? 0))")
            }
        }
        for (index, onset) in onsets.enumerated() {
            guard let length = onset.length, length != .right, let held = onset.held, let written = onset.written else { continue }
            parts.append("\(RhythmJudge.ordinal(index + 1)) \(length.rawValue) \(Self.milliseconds(held - written))")
        }
        if !extra.isEmpty { parts.append("\(extra.count) extra") }
        return parts.isEmpty ? "on time" : parts.joined(separator: ", ")
    }

    /// `150 ms`, whichever way.
    static func milliseconds(_ seconds: Double) -> String { "\(Int((abs(seconds) * 1000).rounded())) ms" }
}
