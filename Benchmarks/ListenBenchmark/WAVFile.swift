import Foundation

/// A mono WAV file in memory: read from 16-bit or 32-bit float PCM, mono or stereo (mixed down),
/// written as 32-bit float mono.
struct WAVFile {
    var rate: Double
    var samples: [Float]

    init(rate: Double, samples: [Float]) {
        self.rate = rate
        self.samples = samples
    }

    /// Reads `path`; exits with a message on a file it does not understand.
    init(reading path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 12, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF" else { throw BenchmarkError("\(path): not a RIFF file") }
        var at = 12
        var format = 0, channels = 0, bits = 0
        rate = 0
        samples = []
        while at + 8 <= bytes.count {
            let id = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            let size = min(u32(at + 4), bytes.count - at - 8)
            let body = at + 8
            if id == "fmt " {
                format = u16(body)
                channels = u16(body + 2)
                rate = Double(u32(body + 4))
                bits = u16(body + 14)
                if format == 0xFFFE { format = u16(body + 24) }
            } else if id == "data" {
                let frameBytes = channels * bits / 8
                let frames = size / frameBytes
                samples.reserveCapacity(frames)
                data.withUnsafeBytes { raw in
                    for frame in 0..<frames {
                        var sum: Float = 0
                        for channel in 0..<channels {
                            let offset = body + frame * frameBytes + channel * bits / 8
                            if format == 3 && bits == 32 {
                                sum += raw.loadUnaligned(fromByteOffset: offset, as: Float.self)
                            } else {
                                sum += Float(raw.loadUnaligned(fromByteOffset: offset, as: Int16.self)) / 32_768
                            }
                        }
                        samples.append(sum / Float(channels))
                    }
                }
            }
            at = body + size + (size & 1)
        }
        guard rate > 0, (format == 3 && bits == 32) || (format == 1 && bits == 16) else {
            throw BenchmarkError("\(path): only 16-bit PCM and 32-bit float WAV files are read")
        }
    }

    /// Writes 32-bit float mono to `path`.
    func write(to path: String) throws {
        var out = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { out.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { out.append(contentsOf: $0) } }
        let dataSize = samples.count * 4
        out.append(contentsOf: Array("RIFF".utf8))
        u32(36 + dataSize)
        out.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16)
        u16(3)
        u16(1)
        u32(Int(rate))
        u32(Int(rate) * 4)
        u16(4)
        u16(32)
        out.append(contentsOf: Array("data".utf8))
        u32(dataSize)
        samples.withUnsafeBytes { out.append(contentsOf: $0) }
        try out.write(to: URL(fileURLWithPath: path))
    }
}

/// A message the benchmark stops with.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
