/// One or two bars of rhythm on one pitch: notes and rests with their lengths, in order.
///
/// A note tied to the next one sounds as one longer note (it is written as two, joined by a tie,
/// where it crosses a beat); only the first of a tied group has an onset. What the student plays
/// back is judged by its onsets (`onsets`), each a position in units from the pattern's start.
public struct RhythmPattern: Sendable, Hashable, Codable {
    /// Units in a quarter note: 12 holds a sixteenth (3), an eighth-note triplet (4) and a
    /// dotted eighth (9).
    public static let unitsPerQuarter = 12

    /// One written value: a note or a rest, its length in units, and whether it is tied on.
    public struct Value: Sendable, Hashable, Codable {
        public var units: Int
        public var isRest: Bool
        /// Tied to the next value (a note): the two sound as one.
        public var tiedToNext: Bool

        public init(_ units: Int, rest: Bool = false, tied: Bool = false) {
            self.units = units
            self.isRest = rest
            self.tiedToNext = tied
        }
    }

    public var meter: Meter
    public var values: [Value]

    public init(meter: Meter, values: [Value]) {
        self.meter = meter
        self.values = values
    }

    /// How many bars it fills.
    public var bars: Int { (values.reduce(0) { $0 + $1.units } + meter.unitsPerBar - 1) / meter.unitsPerBar }

    /// Each sounding note: where it starts and how long it sounds (ties joined), in units.
    public var notes: [(start: Int, units: Int)] {
        var notes: [(start: Int, units: Int)] = []
        var position = 0
        var tiedOn = false
        for value in values {
            if !value.isRest {
                if tiedOn, !notes.isEmpty { notes[notes.count - 1].units += value.units } else { notes.append((position, value.units)) }
            }
            tiedOn = value.tiedToNext && !value.isRest
            position += value.units
        }
        return notes
    }

    /// The onsets, in units from the pattern's start.
    public var onsets: [Int] { notes.map(\.start) }

    /// Seconds per unit at `tempo` beats per minute.
    public func secondsPerUnit(tempo: Int) -> Double {
        60.0 / Double(tempo) / Double(meter.unitsPerBeat)
    }
}
