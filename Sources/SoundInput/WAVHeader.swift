/// A WAV stream's header, read from its first bytes: the RIFF/WAVE container, its `fmt ` chunk
/// and the start of its `data` chunk (chunks between them are skipped). A stream's `data` length
/// is often 0 or 0xFFFFFFFF (not known when it began): the samples run to the end of the stream
/// whatever it says.
public struct WAVHeader: Sendable, Hashable {
    public var format: WAVFormat
    /// Where the samples begin, in bytes from the stream's start.
    public var dataOffset: Int

    /// Why a stream's first bytes are not a WAV header this reader takes, in words for the log.
    public enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// More bytes are needed (the stream has not sent its whole header yet).
        case incomplete
        case notRIFF
        case notWAVE
        case noFormat
        case unsupportedEncoding(tag: Int, bits: Int)
        case unsupportedChannels(Int)
        case unsupportedRate(Int)

        public var description: String {
            switch self {
            case .incomplete: "the stream ended inside its WAV header"
            case .notRIFF: "not a WAV stream: it does not begin with RIFF"
            case .notWAVE: "not a WAV stream: a RIFF file, but not WAVE"
            case .noFormat: "a WAV stream with no fmt chunk before its data"
            case .unsupportedEncoding(let tag, let bits):
                "a WAV stream of \(bits)-bit samples (format \(tag)): 16-bit or 24-bit PCM or 32-bit float are taken"
            case .unsupportedChannels(let count): "a WAV stream of \(count) channels: mono or stereo are taken"
            case .unsupportedRate(let rate): "a WAV stream at \(rate) Hz: 8,000 to 192,000 Hz are taken"
            }
        }
    }

    /// The header at the start of `bytes`; `.incomplete` when they end before the data begins.
    public init(parsing bytes: [UInt8]) throws(Refusal) {
        func word(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        func half(_ at: Int) -> Int { Int(UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8) }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<(at + 4)], as: UTF8.self) }
        guard bytes.count >= 12 else {
            if bytes.count >= 4, tag(0) != "RIFF" { throw .notRIFF }
            throw .incomplete
        }
        guard tag(0) == "RIFF" else { throw .notRIFF }
        guard tag(8) == "WAVE" else { throw .notWAVE }
        var offset = 12
        var format: WAVFormat?
        while true {
            guard bytes.count >= offset + 8 else { throw .incomplete }
            let name = tag(offset), size = Int(word(offset + 4))
            let body = offset + 8
            if name == "data" {
                guard let format else { throw .noFormat }
                self.format = format
                dataOffset = body
                return
            }
            if name == "fmt " {
                guard size >= 16, bytes.count >= body + 16 else { throw .incomplete }
                var formatTag = half(body)
                let channels = half(body + 2), rate = Int(word(body + 4)), bits = half(body + 14)
                // WAVE_FORMAT_EXTENSIBLE: the real tag is the first two bytes of the subformat GUID.
                if formatTag == 0xFFFE {
                    guard size >= 40, bytes.count >= body + 26 else { throw .incomplete }
                    formatTag = half(body + 24)
                }
                let encoding: WAVFormat.Encoding
                switch (formatTag, bits) {
                case (1, 16): encoding = .int16
                case (1, 24): encoding = .int24
                case (3, 32): encoding = .float32
                default: throw .unsupportedEncoding(tag: formatTag, bits: bits)
                }
                guard WAVFormat.channelCounts.contains(channels) else { throw .unsupportedChannels(channels) }
                guard WAVFormat.sampleRates.contains(rate) else { throw .unsupportedRate(rate) }
                format = WAVFormat(encoding: encoding, channels: channels, sampleRate: rate)
            }
            offset = body + size + (size & 1)  // chunks are padded to an even length
        }
    }
}
