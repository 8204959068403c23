import MusicTheory

extension ScoreMelody {
    /// How hard it is to take down, 1…7 on the scale of `RhythmLevel`'s numbers: the hardest of its
    /// range, its widest leap and its rhythm (docs/material.md has the table).
    public var grade: Int { max(rangeGrade, leapGrade, rhythmGrade) }

    /// A fourth or less 1, a fifth 2, a sixth 3, an octave 4, a ninth 5, a tenth 6, wider 7.
    var rangeGrade: Int {
        let span = (keys.map(\.rawValue).max() ?? 0) - (keys.map(\.rawValue).min() ?? 0)
        return Self.grade(span, steps: [5, 7, 9, 12, 14, 16])
    }

    /// Steps 1, thirds 2, a fourth 3, a fifth 4, a sixth 5, an octave 6, wider 7.
    var leapGrade: Int {
        let leap = zip(keys, keys.dropFirst()).map { abs($0.rawValue - $1.rawValue) }.max() ?? 0
        return Self.grade(leap, steps: [2, 4, 5, 7, 9, 12])
    }

    /// The rhythm levels its values need: eighths (a note a half beat in) 2, dotted notes 3, a
    /// note held over a beat or a bar line from off the beat 5, triplets 6, sixteenths 7; a
    /// melody whose rhythm a pattern cannot hold, 7.
    var rhythmGrade: Int {
        guard let rhythm else { return 7 }
        let beat = rhythm.meter.unitsPerBeat, bar = rhythm.meter.unitsPerBar
        var level = 1
        var position = rhythm.lead
        for length in rhythm.lengths {
            let inBeat = position % beat
            if length % 3 != 0 || inBeat % 3 != 0 {
                level = max(level, 6)
            } else if length % 6 != 0 || inBeat % 6 != 0 {
                level = max(level, 7)
            } else if inBeat != 0 && (inBeat + length > beat || position % bar + length > bar) {
                level = max(level, 5)
            } else if Self.isDotted(length, in: rhythm.meter) {
                level = max(level, 3)
            } else if inBeat != 0 && !(rhythm.meter.isCompound && inBeat == 12) {
                // In 6/8 a quarter and an eighth fill a beat at level 1; the middle eighth is 2's.
                level = max(level, 2)
            }
            position += length
        }
        return level
    }

    /// A dotted note: a beat and a half, or three beats, in a simple meter; in 6/8, whose beat is
    /// a dotted quarter itself, five eighths.
    static func isDotted(_ length: Int, in meter: Meter) -> Bool {
        meter.isCompound ? length == 30 : length == meter.unitsPerBeat * 3 / 2 || length == meter.unitsPerBeat * 3
    }

    private static func grade(_ value: Int, steps: [Int]) -> Int {
        (steps.firstIndex { value <= $0 } ?? steps.count) + 1
    }
}
