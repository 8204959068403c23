import SoundInput
import Testing

@Suite("A WAV stream's header")
struct WAVHeaderTests {
    static let examples: [WAVFormat] = [
        WAVFormat(encoding: .int16, channels: 1, sampleRate: 48000), WAVFormat(encoding: .int24, channels: 2, sampleRate: 44100),
        WAVFormat(encoding: .float32, channels: 1, sampleRate: 192_000), WAVFormat(encoding: .int16, channels: 2, sampleRate: 8000),
    ]

    @Test("16-bit and 24-bit PCM and 32-bit float, mono and stereo, 8 to 192 kHz; extensible headers and chunks before fmt",
          arguments: examples)
    func formats(_ format: WAVFormat) throws {
        for (extensible, junk) in [(false, 0), (true, 0), (false, 35)] {
            let bytes = WAVBytes.header(format, extensible: extensible, junk: junk)
            let header = try WAVHeader(parsing: bytes + [1, 2, 3])
            #expect(header.format == format && header.dataOffset == bytes.count)
        }
    }

    @Test("samples read back within a step of their encoding, the channels averaged", arguments: examples)
    func samples(_ format: WAVFormat) {
        let values: [Float] = [0, 0.5, -0.5, 0.999, -1, 0.123456]
        let bytes = WAVBytes.samples(values, format)
        let read = bytes.withUnsafeBytes { format.mono($0) }
        let steps: [WAVFormat.Encoding: Float] = [.int16: 1 / 32768, .int24: 1 / 8_388_608, .float32: 1e-7]
        let step = steps[format.encoding] ?? 0
        let errors = zip(read, values).map { abs($0 - $1) }
        #expect(read.count == values.count)
        #expect(errors.allSatisfy { $0 <= step }, "\(read)")
    }

    @Test("a float sample that is not finite, or beyond full scale, is taken as silence or full scale")
    func wildFloats() {
        let format = WAVFormat(encoding: .float32, channels: 1, sampleRate: 48000)
        let bytes = [Float.nan, .infinity, 3, -7].flatMap { WAVBytes.le32($0.bitPattern) }
        #expect(bytes.withUnsafeBytes { format.mono($0) } == [0, 0, 1, -1])
    }

    @Test("what is refused, and why: not RIFF, not WAVE, 8-bit, three channels, 4 kHz, no fmt before data; a header cut short waits")
    func refusals() {
        let mono = WAVFormat(encoding: .int16, channels: 1, sampleRate: 48000)
        let good = WAVBytes.header(mono)
        #expect(throws: WAVHeader.Refusal.notRIFF) { try WAVHeader(parsing: Array("ID3\u{3}garbage and more".utf8)) }
        #expect(throws: WAVHeader.Refusal.notWAVE) { try WAVHeader(parsing: Array(good[0..<8]) + Array("AVI LIST".utf8)) }
        var eightBit = good
        eightBit[34] = 8
        #expect(throws: WAVHeader.Refusal.unsupportedEncoding(tag: 1, bits: 8)) { try WAVHeader(parsing: eightBit) }
        #expect(throws: WAVHeader.Refusal.unsupportedChannels(3)) {
            try WAVHeader(parsing: WAVBytes.header(WAVFormat(encoding: .int16, channels: 3, sampleRate: 48000)))
        }
        #expect(throws: WAVHeader.Refusal.unsupportedRate(4000)) {
            try WAVHeader(parsing: WAVBytes.header(WAVFormat(encoding: .int16, channels: 1, sampleRate: 4000)))
        }
        #expect(throws: WAVHeader.Refusal.noFormat) { try WAVHeader(parsing: Array(good[0..<12]) + Array("data".utf8) + WAVBytes.le32(0)) }
        for cut in [0, 3, 11, 20, good.count - 1] {
            #expect(throws: WAVHeader.Refusal.incomplete) { try WAVHeader(parsing: Array(good[0..<cut])) }
        }
        #expect(WAVHeader.Refusal.unsupportedRate(4000).description == "a WAV stream at 4000 Hz: 8,000 to 192,000 Hz are taken")
    }
}
