import MusicTheory

extension RhythmPattern {
    /// A score's phrase's rhythm as a pattern: the silence it starts on, then its values, each
    /// split at the bar lines and tied across them, in the score's meter.
    public init(score: ScoreMelody.Rhythm) {
        let bar = score.meter.unitsPerBar
        var values: [Value] = score.lead > 0 ? [Value(score.lead, rest: true)] : []
        var position = score.lead
        for length in score.lengths {
            var remaining = length
            while remaining > 0 {
                let taken = min(remaining, bar - position % bar)
                remaining -= taken
                values.append(Value(taken, tied: remaining > 0))
                position += taken
            }
        }
        self.init(meter: score.meter, values: values)
    }
}
