/// A time or a length in quarter notes, exactly: a fraction in lowest terms, so that a triplet's
/// thirds add up to a whole beat and a phrase cut at a bar line falls exactly on it.
public struct QuarterTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int

    /// `numerator / denominator` quarter notes; the denominator is positive.
    public init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(denominator != 0, "a time's denominator must not be 0")
        let divisor = Self.gcd(abs(numerator), abs(denominator))
        let sign = denominator < 0 ? -1 : 1
        self.numerator = sign * numerator / max(divisor, 1)
        self.denominator = sign * denominator / max(divisor, 1)
    }

    public static let zero = QuarterTime(0)

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    public var quarters: Double { Double(numerator) / Double(denominator) }

    /// The sum, exact; where a hostile file's times could only be added past what an Int holds,
    /// the sum to a millionth of a quarter instead (no real score comes near).
    public static func + (left: QuarterTime, right: QuarterTime) -> QuarterTime {
        let divisor = gcd(left.denominator, right.denominator)
        let (common, o1) = (left.denominator / divisor).multipliedReportingOverflow(by: right.denominator)
        let (a, o2) = left.numerator.multipliedReportingOverflow(by: o1 ? 1 : common / left.denominator)
        let (b, o3) = right.numerator.multipliedReportingOverflow(by: o1 ? 1 : common / right.denominator)
        let (sum, o4) = a.addingReportingOverflow(b)
        guard !(o1 || o2 || o3 || o4) else { return QuarterTime(approximating: left.quarters + right.quarters) }
        return QuarterTime(sum, common)
    }

    /// `value` quarters to a 2^20th of a quarter, within ±2^40 quarters.
    init(approximating value: Double) {
        let scale = Double(1 << 20)
        let bounded = value.isFinite ? max(-Double(1 << 40), min(Double(1 << 40), value)) : 0
        self.init(Int((bounded * scale).rounded()), 1 << 20)
    }

    public static func - (left: QuarterTime, right: QuarterTime) -> QuarterTime { left + QuarterTime(-right.numerator, right.denominator) }

    public static func < (left: QuarterTime, right: QuarterTime) -> Bool {
        let (a, o1) = left.numerator.multipliedReportingOverflow(by: right.denominator)
        let (b, o2) = right.numerator.multipliedReportingOverflow(by: left.denominator)
        return o1 || o2 ? left.quarters < right.quarters : a < b
    }

    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}
