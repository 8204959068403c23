import CALSA
import SoundInput

/// The samples a capture device gives: interleaved, little-endian, in one of three encodings.
struct CaptureFormat: Sendable, Hashable {
    enum Encoding: Sendable, Hashable, CaseIterable {
        case float32, int16, int32

        /// The order they are asked for: floats need no scaling, 16-bit is what most cards take.
        static let preferred: [Encoding] = [.float32, .int16, .int32]

        var alsa: snd_pcm_format_t {
            switch self {
            case .float32: SND_PCM_FORMAT_FLOAT_LE
            case .int16: SND_PCM_FORMAT_S16_LE
            case .int32: SND_PCM_FORMAT_S32_LE
            }
        }

        var bytes: Int { self == .int16 ? 2 : 4 }

        var words: String {
            switch self {
            case .float32: "32-bit float"
            case .int16: "16-bit"
            case .int32: "32-bit"
            }
        }
    }

    var encoding: Encoding
    var channels: Int
    var sampleRate: Int

    var frameBytes: Int { encoding.bytes * channels }

    var sampleFormat: SampleFormat { SampleFormat(sampleRate: sampleRate, channels: channels, encoding: encoding.words) }

    /// Whole frames of interleaved samples as one channel of floats in −1…1, the channels averaged.
    func mono(_ bytes: UnsafeRawBufferPointer) -> [Float] {
        Downmix.mono(bytes, channels: channels, sampleBytes: encoding.bytes) { offset in
            switch encoding {
            case .float32: bytes.loadUnaligned(fromByteOffset: offset, as: Float.self)
            case .int16: Float(bytes.loadUnaligned(fromByteOffset: offset, as: Int16.self)) / 32768
            case .int32: Float(bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)) / 2_147_483_648
            }
        }
    }
}
