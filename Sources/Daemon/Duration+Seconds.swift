import Foundation
import Training

extension Duration {
    /// The duration in seconds to the millisecond, as `status` gives its clocks: a `status` asked
    /// again within the same millisecond and state is the same answer, kept encoded.
    var secondsToTheMillisecond: Double {
        (seconds * 1000).rounded() / 1000
    }

    /// `12.4s`: one decimal, as the stdout lines show time.
    var shortText: String { String(format: "%.1fs", seconds) }
}
