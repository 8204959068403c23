/// A frequency ratio of whole numbers in lowest terms, such as 3/2 or 45/32.
public struct Ratio: Sendable, Hashable, Codable {
    public let numerator: Int
    public let denominator: Int

    /// 2^two · 3^three · 5^five, as a fraction (the prime factors keep it in lowest terms).
    init(two: Int, three: Int, five: Int) {
        func power(_ base: Int, _ exponent: Int) -> Int { (0..<exponent).reduce(1) { result, _ in result * base } }
        numerator = power(2, max(two, 0)) * power(3, max(three, 0)) * power(5, max(five, 0))
        denominator = power(2, max(-two, 0)) * power(3, max(-three, 0)) * power(5, max(-five, 0))
    }

    /// The ratio's size in cents.
    public var cents: Double { 1200 * log2(Double(numerator) / Double(denominator)) }
}

extension Ratio: CustomStringConvertible {
    public var description: String { "\(numerator)/\(denominator)" }
}
