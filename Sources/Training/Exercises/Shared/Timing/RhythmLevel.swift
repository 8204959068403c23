/// What a rhythm question may hold, from the plainest to the hardest; each level adds to the
/// ones before: 1 halves and quarters, 2 eighths, 3 dotted notes, 4 rests, 5 ties and
/// syncopation, 6 triplets, 7 sixteenths.
public struct RhythmLevel: Sendable, Hashable, Codable, Comparable {
    public let number: Int

    public static let range = 1...7
    public static let names = ["halves and quarters", "eighths", "dotted notes", "rests", "ties and syncopation",
                               "triplets", "sixteenths"]

    public init?(_ number: Int) {
        guard Self.range.contains(number) else { return nil }
        self.number = number
    }

    /// What it adds: "eighths".
    public var name: String { Self.names[number - 1] }

    public static func < (lhs: RhythmLevel, rhs: RhythmLevel) -> Bool { lhs.number < rhs.number }
}

/// A group of values filling a whole number of beats, the pieces a pattern is drawn from.
struct RhythmCell: Sendable, Hashable {
    /// The level that brings it in.
    let level: Int
    let beats: Int
    let values: [RhythmPattern.Value]

    init(_ level: Int, beats: Int = 1, _ values: [RhythmPattern.Value]) {
        self.level = level
        self.beats = beats
        self.values = values
    }

    typealias V = RhythmPattern.Value

    /// The cells of simple meters (a quarter-note beat, 12 units).
    static let simple: [RhythmCell] = [
        RhythmCell(1, [V(12)]),
        RhythmCell(1, beats: 2, [V(24)]),
        RhythmCell(2, [V(6), V(6)]),
        RhythmCell(3, beats: 2, [V(18), V(6)]),
        RhythmCell(3, beats: 3, [V(36)]),
        RhythmCell(4, [V(12, rest: true)]),
        RhythmCell(4, [V(6, rest: true), V(6)]),
        RhythmCell(4, [V(6), V(6, rest: true)]),
        RhythmCell(5, beats: 2, [V(6), V(6, tied: true), V(6), V(6)]),
        RhythmCell(5, beats: 2, [V(6), V(12), V(6)]),
        RhythmCell(6, [V(4), V(4), V(4)]),
        RhythmCell(7, [V(3), V(3), V(3), V(3)]),
        RhythmCell(7, [V(6), V(3), V(3)]),
        RhythmCell(7, [V(3), V(3), V(6)]),
        RhythmCell(7, [V(9), V(3)]),
    ]

    /// The cells of 6/8 (a dotted-quarter beat of three eighths, 18 units).
    static let compound: [RhythmCell] = [
        RhythmCell(1, [V(18)]),
        RhythmCell(1, [V(12), V(6)]),
        RhythmCell(1, beats: 2, [V(36)]),
        RhythmCell(2, [V(6), V(6), V(6)]),
        RhythmCell(3, beats: 2, [V(18), V(12), V(6)]),
        RhythmCell(4, [V(12), V(6, rest: true)]),
        RhythmCell(4, [V(6, rest: true), V(6), V(6)]),
        RhythmCell(5, beats: 2, [V(6), V(12, tied: true), V(6), V(12)]),
        RhythmCell(5, [V(6), V(12)]),
        RhythmCell(7, [V(3), V(3), V(6), V(6)]),
        RhythmCell(7, [V(9), V(3), V(6)]),
        RhythmCell(7, [V(6), V(3), V(3), V(6)]),
    ]

    static func cells(for meter: Meter, upTo level: RhythmLevel) -> [RhythmCell] {
        (meter.isCompound ? compound : simple).filter { $0.level <= level.number }
    }
}

extension RhythmPattern {
    /// A pattern of `bars` bars of `meter` drawn from the cells `level` allows, beginning with a
    /// note; at least one cell is of `level` itself when the meter has one of it.
    public static func draw(meter: Meter, bars: Int, level: RhythmLevel, random: inout SeededRandom) -> RhythmPattern {
        let cells = RhythmCell.cells(for: meter, upTo: level)
        let hasOwn = cells.contains { $0.level == level.number }
        var drawn = drawOnce(meter: meter, bars: bars, cells: cells, random: &random)
        for _ in 0..<64 where hasOwn && !drawn.levels.contains(level.number) {
            drawn = drawOnce(meter: meter, bars: bars, cells: cells, random: &random)
        }
        return drawn.pattern
    }

    /// A pattern, and the levels of the cells it was drawn from.
    private static func drawOnce(meter: Meter, bars: Int, cells: [RhythmCell], random: inout SeededRandom) -> (pattern: RhythmPattern, levels: Set<Int>) {
        var values: [Value] = []
        var levels: [Int] = []
        for _ in 0..<bars {
            var beat = 0
            while beat < meter.beatsPerBar {
                let left = meter.beatsPerBar - beat
                let fitting = cells.filter { cell in
                    cell.beats <= left && (!values.isEmpty || !(cell.values.first?.isRest ?? true))
                }
                let cell = fitting.randomElement(using: &random)!
                values += cell.values
                levels.append(cell.level)
                beat += cell.beats
            }
        }
        // A tie may not hang off the end.
        if let last = values.indices.last { values[last].tiedToNext = false }
        return (RhythmPattern(meter: meter, values: values), Set(levels))
    }
}
