/// McLeod's normalised square difference function (McLeod and Wyvill, "A smarter way to find
/// pitch", 2005): n(τ) = 2·r(τ) / m(τ), where r is the autocorrelation over the part of the window
/// that overlaps itself shifted by τ, and m the energy of both overlapping parts. It is 1 at the
/// period of a perfectly periodic signal, whatever its shape, and near 0 for noise.
enum SquareDifference {
    /// Writes n(τ) for τ in 0..<values.count over `window`; `values.count` must be at most
    /// `window.count`. Costs about values.count × window.count multiply-adds.
    static func normalised(_ window: UnsafeBufferPointer<Float>, into values: UnsafeMutableBufferPointer<Float>) {
        let size = window.count
        precondition(values.count <= size, "lags reach past the window")
        var energy: Float = 0
        for x in window { energy += x * x }
        var m = 2 * energy  // m(0); m(τ+1) = m(τ) − x[W−1−τ]² − x[τ]²
        for lag in 0..<values.count {
            let r = correlation(window, lag: lag)
            values[lag] = m > 0 ? 2 * r / m : 0
            let tail = window[size - 1 - lag]
            let head = window[lag]
            m -= tail * tail + head * head
        }
    }

    /// n(τ) at one lag, with `prefixSquares[i]` the sum of the squares of window[0..<i].
    static func normalised(_ window: UnsafeBufferPointer<Float>, lag: Int, prefixSquares: UnsafeBufferPointer<Double>) -> Double {
        let size = window.count
        let m = prefixSquares[size - lag] + (prefixSquares[size] - prefixSquares[lag])
        guard m > 0 else { return 0 }
        return 2 * Double(correlation(window, lag: lag)) / m
    }

    /// Σ x[j]·x[j+lag] for j in 0..<(count − lag), in four running sums so the additions overlap.
    @inline(__always)
    private static func correlation(_ x: UnsafeBufferPointer<Float>, lag: Int) -> Float {
        let count = x.count - lag
        guard count > 0, let base = x.baseAddress else { return 0 }
        let shifted = base + lag
        var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
        var j = 0
        while j + 4 <= count {
            s0 += base[j] * shifted[j]
            s1 += base[j + 1] * shifted[j + 1]
            s2 += base[j + 2] * shifted[j + 2]
            s3 += base[j + 3] * shifted[j + 3]
            j += 4
        }
        while j < count {
            s0 += base[j] * shifted[j]
            j += 1
        }
        return (s0 + s1) + (s2 + s3)
    }
}
