/// Marks on a scale of cents either side of in tune: a tuned note's error with the band judged in
/// tune, or a reference at 0 and a second note at its offset. Marks that are the answer take its
/// colour (right or wrong); others (a reference) are drawn plain.
public struct CentsFigure: Sendable, Hashable {
    /// One mark on the scale.
    public struct Mark: Sendable, Hashable {
        /// Where, in cents (sharp positive).
        public var cents: Double
        /// What it says: `+17.3 c`, `1st`, `2nd −12.5 c`.
        public var label: String
        /// What it is, for a reader of the drawing (`data-kind`): `answer`, `reference`, `second`.
        public var role: String
        /// Whether it takes the answer's colour (else it is drawn plain, and its label sits lower).
        public var isAnswer: Bool

        public init(cents: Double, label: String, role: String, isAnswer: Bool = true) {
            self.cents = cents
            self.label = label
            self.role = role
            self.isAnswer = isAnswer
        }
    }

    public var scale: CentsScale
    /// The band judged in tune, ± this many cents, where there is one.
    public var band: Double?
    public var marks: [Mark]
    public var correct: Bool

    public init(scale: CentsScale, band: Double? = nil, marks: [Mark], correct: Bool) {
        self.scale = scale
        self.band = band
        self.marks = marks
        self.correct = correct
    }
}

/// A scale of cents either side of in tune, for drawing an error or an offset: where a value
/// lies on it (0 at the low end, 1 at the high end), held at its ends.
public struct CentsScale: Sendable, Hashable {
    /// The scale runs from `-range` to `+range` cents.
    public let range: Double

    /// A tuned note's error is drawn on ±50 c: a quarter of a semitone either side.
    public static let tuning = CentsScale(range: 50)
    static let ranges: [Double] = [5, 10, 25, 50, 100]

    public init(range: Double) { self.range = range }

    /// The narrowest of ±5, 10, 25, 50 and 100 c that holds `cents` (a compared offset as small as
    /// 3 c still reads apart from the reference); beyond 100 c, ±100.
    public static func fitting(_ cents: Double) -> CentsScale {
        CentsScale(range: ranges.first { abs(cents) <= $0 } ?? ranges.last!)
    }

    /// Where `cents` lies across the scale (0…1), and whether it lies beyond an end (held there).
    public func position(_ cents: Double) -> (fraction: Double, beyond: Bool) {
        let fraction = (cents + range) / (2 * range)
        return (min(1, max(0, fraction)), fraction < 0 || fraction > 1)
    }

    /// The ticks drawn along it, in cents: every tenth of the range.
    public var ticks: [Double] { (0...20).map { Double($0 - 10) * range / 10 } }

    /// A figure in cents to 0.1 c: `12.5 c`, signed `+17.3 c`, `−4.0 c`.
    public static func text(_ cents: Double, signed: Bool = false) -> String {
        let tenths = (abs(cents) * 10).rounded()
        let sign = signed && tenths > 0 ? (cents > 0 ? "+" : "−") : ""
        return sign + "\(Int(tenths) / 10).\(Int(tenths) % 10) c"
    }
}
