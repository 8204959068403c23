// MusicTheory imports nothing, not even Foundation, so it brings its own base-2 logarithm and
// power. Both reach full Double precision (checked against Glibc in the tests), far beyond the
// 0.01 cent the frequency round trips need.

private let ln2 = 0.693_147_180_559_945_309_417_232_121_458

/// log2(x) for finite x > 0.
func log2(_ x: Double) -> Double {
    precondition(x > 0 && x.isFinite, "log2 needs a finite positive number")
    var exponent = Double(x.exponent)
    var mantissa = x.significand  // 1 ≤ mantissa < 2
    if mantissa > 1.414_213_562_373_095 {
        mantissa /= 2
        exponent += 1
    }
    // ln(m) = 2·atanh(z), z = (m−1)/(m+1), |z| ≤ 0.172: the odd series converges fast.
    let z = (mantissa - 1) / (mantissa + 1)
    let z2 = z * z
    var term = z
    var sum = 0.0
    for k in stride(from: 1.0, through: 41.0, by: 2.0) {
        sum += term / k
        term *= z2
    }
    return exponent + 2 * sum / ln2
}

/// 2^y for finite y.
func exp2(_ y: Double) -> Double {
    precondition(y.isFinite, "exp2 needs a finite number")
    let whole = y.rounded(.down)
    let t = (y - whole) * ln2  // 0 ≤ t < ln 2
    var term = 1.0
    var sum = 1.0
    for n in 1...24 {
        term *= t / Double(n)
        sum += term
    }
    return sum * Double(sign: .plus, exponent: Int(whole), significand: 1)
}
