import Foundation

/// How small a difference a student hears: a transformed up-down staircase (Levitt 1971,
/// "2-down 1-up"), the rule the intonation drills (`compare`, `pure`) will ask their offsets by.
///
/// The difference shrinks after two right answers in a row and grows after each wrong one, by a
/// factor (multiplicative steps: a cent matters less at 40 c than at 2 c). Such a staircase
/// settles where a student is right 70.7 % of the time (p² = 1/2). Steps start coarse
/// (`startFactor`) and become fine (`fineFactor`) after `coarseReversals` reversals; the threshold
/// is the geometric mean of the differences at the last `averagedReversals` reversals.
public struct ThresholdStaircase: Sendable, Hashable, Codable {
    /// The difference to ask next, in cents.
    public private(set) var difference: Double
    /// The smallest and largest difference it asks.
    public let range: ClosedRange<Double>
    /// Right answers in a row since the last change.
    private var rightInARow = 0
    /// Whether the last change made it smaller (nil before the first).
    private var lastStepDown: Bool?
    /// The differences at which the direction turned, oldest first.
    public private(set) var reversals: [Double] = []
    /// Answers given.
    public private(set) var trials = 0

    public static let startFactor = 2.0
    public static let fineFactor = 1.26  // a third of an octave of cents ratio: 2^(1/3)
    public static let coarseReversals = 2
    public static let averagedReversals = 8

    /// A staircase starting at `start` cents, asking within `range`.
    public init(start: Double = 25, range: ClosedRange<Double> = 0.1...100) {
        self.range = range
        difference = min(max(start, range.lowerBound), range.upperBound)
    }

    /// Takes an answer to the difference asked: the next difference follows.
    public mutating func answer(correct: Bool) {
        trials += 1
        let factor = reversals.count < Self.coarseReversals ? Self.startFactor : Self.fineFactor
        if correct {
            rightInARow += 1
            guard rightInARow == 2 else { return }
            rightInARow = 0
            step(down: true, by: factor)
        } else {
            rightInARow = 0
            step(down: false, by: factor)
        }
    }

    private mutating func step(down: Bool, by factor: Double) {
        if let last = lastStepDown, last != down { reversals.append(difference) }
        lastStepDown = down
        difference = min(max(down ? difference / factor : difference * factor, range.lowerBound), range.upperBound)
    }

    /// The threshold in cents: the geometric mean of the last reversals, once there are enough
    /// past the coarse ones; nil before.
    public var threshold: Double? {
        let fine = reversals.dropFirst(Self.coarseReversals)
        guard fine.count >= Self.averagedReversals else { return nil }
        let last = fine.suffix(Self.averagedReversals)
        return exp(last.map(log).reduce(0, +) / Double(last.count))
    }
}
