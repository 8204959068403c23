import MusicTheory

extension RhythmJudge {
    /// Each onset in milliseconds and beats, the extra notes and the tolerance: a judged
    /// play-back's event `onsets`, `extra`, `tolerance_ms`. Unless the question `closes`, an onset
    /// not played has no time: it is the pattern's, not the student's, kept for the end.
    public func details(_ result: Result, closes: Bool = true) -> [String: JSONValue] {
        let onsets: [JSONValue] = result.onsets.map { onset in
            .object([
                "expected_seconds": closes || onset.played != nil ? .number(onset.expected) : .null,
                "played_seconds": onset.played.map { .number($0) } ?? .null,
                "error_ms": onset.error.map { .number(($0 * 1000).rounded()) } ?? .null,
                "error_beats": onset.error.map { .number(($0 / secondsPerBeat * 100).rounded() / 100) } ?? .null,
                "verdict": .string(onset.verdict.rawValue),
            ].merging(Self.lengthDetails(onset)) { $1 })
        }
        return ["onsets": .array(onsets), "extra": .array(result.extra.map { .number($0) }),
                "tolerance_ms": .number((tolerance * 1000).rounded())]
    }

    /// A note's held and written lengths and its `length` verdict, where lengths are judged.
    private static func lengthDetails(_ onset: Onset) -> [String: JSONValue] {
        guard let held = onset.held, let written = onset.written, let length = onset.length else { return [:] }
        return ["held_seconds": .number((held * 1000).rounded() / 1000), "written_seconds": .number((written * 1000).rounded() / 1000),
                "length": .string(length.rawValue)]
    }
}

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
