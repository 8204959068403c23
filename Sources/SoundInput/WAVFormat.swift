/// How a WAV stream's samples are laid out, from its header: 16-bit or 24-bit integers or 32-bit
/// floats, one channel or two, any rate from 8 kHz to 192 kHz.
public struct WAVFormat: Sendable, Hashable {
    /// The sample encodings read.
    public enum Encoding: Sendable, Hashable {
        case int16, int24, float32

        /// Bytes per sample of one channel.
        public var bytes: Int {
            switch self {
            case .int16: 2
            case .int24: 3
            case .float32: 4
            }
        }
    }

    public var encoding: Encoding
    public var channels: Int
    public var sampleRate: Int

    public init(encoding: Encoding, channels: Int, sampleRate: Int) {
        self.encoding = encoding
        self.channels = channels
        self.sampleRate = sampleRate
    }

    /// The format as every sample source names it.
    public var sampleFormat: SampleFormat {
        let encoding = switch self.encoding {
        case .int16: "16-bit"
        case .int24: "24-bit"
        case .float32: "32-bit float"
        }
        return SampleFormat(sampleRate: sampleRate, channels: channels, encoding: encoding)
    }

    /// Bytes per frame (a sample of every channel).
    public var frameBytes: Int { encoding.bytes * channels }

    /// The rates taken.
    public static let sampleRates = 8000...192_000
    /// The channel counts taken.
    public static let channelCounts = 1...2

    /// `whole` frames of interleaved little-endian samples as one channel of floats in −1…1, the
    /// channels averaged. Bytes past the last whole frame are left out.
    public func mono(_ bytes: UnsafeRawBufferPointer) -> [Float] {
        Downmix.mono(bytes, channels: channels, sampleBytes: encoding.bytes) { sample(bytes, at: $0) }
    }

    private func sample(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Float {
        switch encoding {
        case .int16:
            return Float(Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8)) / 32768
        case .int24:
            let raw = UInt32(bytes[offset]) << 8 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 24
            return Float(Int32(bitPattern: raw) >> 8) / 8_388_608
        case .float32:
            let raw = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
            let value = Float(bitPattern: raw)
            return value.isFinite ? max(-1, min(1, value)) : 0
        }
    }
}
