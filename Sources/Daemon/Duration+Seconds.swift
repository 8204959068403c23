import Foundation

extension Duration {
    /// The duration in seconds, as a Double.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// `12.4s`: one decimal, as the stdout lines show time.
    var shortText: String { String(format: "%.1fs", seconds) }
}
