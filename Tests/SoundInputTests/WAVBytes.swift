import Foundation
import SoundInput

/// WAV streams made here, byte by byte, as a recorder or `arecord` writes them.
enum WAVBytes {
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// A header of `format`; `dataLength` nil writes 0xFFFFFFFF (a stream's unknown length).
    /// `extensible` writes WAVE_FORMAT_EXTENSIBLE; `junk` puts a LIST chunk of that many bytes first.
    static func header(_ format: WAVFormat, dataLength: Int? = nil, extensible: Bool = false, junk: Int = 0) -> [UInt8] {
        let bits = format.encoding.bytes * 8
        let tag = format.encoding == .float32 ? 3 : 1
        var fmt = le16(extensible ? 0xFFFE : tag) + le16(format.channels) + le32(UInt32(format.sampleRate))
            + le32(UInt32(format.sampleRate * format.frameBytes)) + le16(format.frameBytes) + le16(bits)
        if extensible { fmt += le16(22) + le16(bits) + le32(0) + le16(tag) + Array(repeating: 0, count: 14) }
        var bytes = Array("RIFF".utf8) + le32(0xFFFF_FFFF) + Array("WAVE".utf8)
        if junk > 0 { bytes += Array("LIST".utf8) + le32(UInt32(junk)) + Array(repeating: 0, count: junk + (junk & 1)) }
        bytes += Array("fmt ".utf8) + le32(UInt32(fmt.count)) + fmt
        return bytes + Array("data".utf8) + le32(dataLength.map(UInt32.init) ?? 0xFFFF_FFFF)
    }

    /// `samples` (−1…1) in `format`'s encoding, each written to every channel.
    static func samples(_ samples: [Float], _ format: WAVFormat) -> [UInt8] {
        samples.flatMap { value -> [UInt8] in
            let one: [UInt8]
            switch format.encoding {
            case .int16: one = le16(Int(max(-32768, min(32767, (value * 32768).rounded()))))
            case .int24:
                let v = Int32(max(-8_388_608, min(8_388_607, (value * 8_388_608).rounded())))
                one = (0..<3).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) }
            case .float32: one = le32(value.bitPattern)
            }
            return Array([[UInt8]](repeating: one, count: format.channels).joined())
        }
    }

    /// A sine of `hertz` for `seconds`, at half scale.
    static func sine(_ hertz: Double, seconds: Double, rate: Int) -> [Float] {
        (0..<Int(seconds * Double(rate))).map { Float(0.5 * sin(2 * .pi * hertz * Double($0) / Double(rate))) }
    }
}
