/// Interleaved samples as one channel: what every sample source hands on.
public enum Downmix {
    /// The whole frames of `bytes` (`channels` samples of `sampleBytes` each, interleaved) as one
    /// channel of floats, the channels averaged; `sample` reads the sample at a byte offset.
    /// Bytes past the last whole frame are left out.
    @inlinable
    public static func mono(_ bytes: UnsafeRawBufferPointer, channels: Int, sampleBytes: Int, sample: (Int) -> Float) -> [Float] {
        let frameBytes = channels * sampleBytes
        let frames = bytes.count / frameBytes
        var out = [Float](repeating: 0, count: frames)
        let scale = 1 / Float(channels)
        for frame in 0..<frames {
            var sum: Float = 0
            for channel in 0..<channels {
                sum += sample(frame * frameBytes + channel * sampleBytes)
            }
            out[frame] = sum * scale
        }
        return out
    }
}
