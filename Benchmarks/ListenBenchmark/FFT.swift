import Foundation

/// A radix-2 complex FFT, in place, for the reference's zero-padded spectra (the benchmark only;
/// the tracker needs none).
enum FFT {
    /// The power |X[k]|² of the real `signal` zero-padded to `size` (a power of two), k in 0...size/2.
    static func power(of signal: [Double], size: Int) -> [Double] {
        precondition(size.nonzeroBitCount == 1 && size >= signal.count, "a power of two at least the signal's length")
        var re = [Double](repeating: 0, count: size)
        var im = [Double](repeating: 0, count: size)
        re.replaceSubrange(0..<signal.count, with: signal)
        // Bit reversal.
        var j = 0
        for i in 1..<size {
            var bit = size >> 1
            while j & bit != 0 {
                j ^= bit
                bit >>= 1
            }
            j |= bit
            if i < j {
                re.swapAt(i, j)
                im.swapAt(i, j)
            }
        }
        var length = 2
        while length <= size {
            let angle = -2 * Double.pi / Double(length)
            let (wr, wi) = (cos(angle), sin(angle))
            var start = 0
            while start < size {
                var (ur, ui) = (1.0, 0.0)
                for k in 0..<(length / 2) {
                    let a = start + k, b = a + length / 2
                    let tr = re[b] * ur - im[b] * ui
                    let ti = re[b] * ui + im[b] * ur
                    re[b] = re[a] - tr
                    im[b] = im[a] - ti
                    re[a] += tr
                    im[a] += ti
                    (ur, ui) = (ur * wr - ui * wi, ur * wi + ui * wr)
                }
                start += length
            }
            length <<= 1
        }
        return (0...(size / 2)).map { re[$0] * re[$0] + im[$0] * im[$0] }
    }
}
