import Training

/// Where a rhythm's notes go, bar by bar, and how each is written: the geometry shared by the
/// SVG and the text drawings. Time runs proportionally across each bar (a quarter in 4/4 takes a
/// quarter of the bar's width), so an onset played late lies where it was played, to scale.
/// Each bar is a row of its own: a value never crosses a bar line (patterns are drawn in whole
/// beats), and a phone's width holds one bar of sixteenths.
public struct RhythmLayout: Sendable, Hashable {
    /// How one value is written: its notehead (or rest) from a whole (48 units) down to a
    /// sixteenth (3), dotted (one and a half of it) or in a triplet (two thirds of it).
    public struct Shape: Sendable, Hashable {
        /// The plain value's length in units: 48, 24, 12, 6 or 3.
        public var base: Int
        public var dotted: Bool
        public var triplet: Bool

        static let bases = [48, 24, 12, 6, 3]

        /// The shape of `units`: plain, dotted or triplet; a length none of them is (not drawn
        /// from the cells) takes the longest plain value it holds.
        public init(units: Int) {
            for base in Self.bases {
                if units == base { (self.base, dotted, triplet) = (base, false, false); return }
                if 2 * units == 3 * base { (self.base, dotted, triplet) = (base, true, false); return }
                if 3 * units == 2 * base { (self.base, dotted, triplet) = (base, false, true); return }
            }
            self.base = Self.bases.first { $0 <= units } ?? 3
            (dotted, triplet) = (false, false)
        }

        /// Flags (or beams): 1 for an eighth, 2 for a sixteenth.
        public var flags: Int { base == 6 ? 1 : base == 3 ? 2 : 0 }
        /// A half or a whole: an open notehead.
        public var hollow: Bool { base >= 24 }
        /// Every note but a whole has a stem.
        public var stemmed: Bool { base < 48 }
    }

    /// One written value, placed.
    public struct Item: Sendable, Hashable {
        /// Its index in the pattern's values.
        public var index: Int
        public var bar: Int
        /// Where it starts, in units from the pattern's start, and from its bar's start.
        public var start: Int
        public var startInBar: Int
        public var units: Int
        public var shape: Shape
        public var isRest: Bool
        public var tiedToNext: Bool
        /// The onset it sounds (its index among the pattern's onsets), or nil: a rest, or a note
        /// tied on from the one before.
        public var onset: Int?
        /// Its position across its bar, 0 at the bar's start, 1 at its end.
        public var fraction: Double
        /// The beamed group it belongs to (flagged notes in one beat), or nil for a lone note.
        public var beam: Int?
        /// The triplet group it belongs to (a beat's triplet values), or nil.
        public var triplet: Int?
    }

    public let meter: Meter
    public let bars: Int
    public let items: [Item]

    public init(_ pattern: RhythmPattern) {
        meter = pattern.meter
        bars = max(1, pattern.bars)
        let perBar = pattern.meter.unitsPerBar, perBeat = pattern.meter.unitsPerBeat
        var items: [Item] = []
        var position = 0, onset = 0, tiedOn = false
        for (index, value) in pattern.values.enumerated() {
            let sounds = !value.isRest && !tiedOn
            items.append(Item(
                index: index, bar: position / perBar, start: position, startInBar: position % perBar, units: value.units,
                shape: Shape(units: value.units), isRest: value.isRest, tiedToNext: value.tiedToNext && !value.isRest,
                onset: sounds ? onset : nil, fraction: Double(position % perBar) / Double(perBar), beam: nil, triplet: nil))
            if sounds { onset += 1 }
            tiedOn = value.tiedToNext && !value.isRest
            position += value.units
        }
        Self.group(&items, beat: perBeat, by: { !$0.isRest && $0.shape.flags > 0 }, minimum: 2, into: \.beam)
        Self.group(&items, beat: perBeat, by: { $0.shape.triplet }, minimum: 1, into: \.triplet)
        self.items = items
    }

    /// Numbers runs of items that `belongs` (next to each other, in one beat) as groups of at
    /// least `minimum`.
    private static func group(_ items: inout [Item], beat: Int, by belongs: (Item) -> Bool, minimum: Int,
                              into member: WritableKeyPath<Item, Int?>) {
        var run: [Int] = [], number = 0
        func close() {
            if run.count >= minimum { for index in run { items[index][keyPath: member] = number }; number += 1 }
            run = []
        }
        for index in items.indices {
            let item = items[index]
            if !belongs(item) { close(); continue }
            if let last = run.last, items[last].start / beat != item.start / beat { close() }
            run.append(index)
        }
        close()
    }

    /// The item that sounds onset `onset`.
    public func item(onset: Int) -> Item? { items.first { $0.onset == onset } }

    /// A time in pattern units as a bar and a position across it (0…1), held within the pattern:
    /// a late last onset lies at most at the last bar's end.
    public func place(units: Double) -> (bar: Int, fraction: Double) {
        let perBar = Double(meter.unitsPerBar)
        let clamped = min(max(units, 0), perBar * Double(bars))
        let bar = min(bars - 1, Int(clamped / perBar))
        return (bar, (clamped - Double(bar) * perBar) / perBar)
    }
}
