import Foundation

/// Writes 16-bit PCM WAV files, which every player opens.
public enum WAVFile {
    /// Writes interleaved stereo from two channels of samples in −1…1 (clipped beyond).
    public static func write(left: [Float], right: [Float], sampleRate: Int, to path: String) throws(AudioError) {
        precondition(left.count == right.count, "both channels must be the same length")
        var data = Data()
        let dataBytes = left.count * 4
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); append32(36 + dataBytes)
        data.append(contentsOf: Array("WAVEfmt ".utf8)); append32(16)
        append16(1); append16(2); append32(sampleRate); append32(sampleRate * 4); append16(4); append16(16)
        data.append(contentsOf: Array("data".utf8)); append32(dataBytes)
        var pcm = [Int16](repeating: 0, count: left.count * 2)
        for index in left.indices {
            pcm[2 * index] = quantize(left[index])
            pcm[2 * index + 1] = quantize(right[index])
        }
        pcm.withUnsafeBytes { data.append(contentsOf: $0) }  // Linux on x86-64 and arm64 is little-endian
        do { try data.write(to: URL(fileURLWithPath: path)) } catch {
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }

    /// Reads a file this type wrote: the left channel, in −1…1, and the sample rate.
    public static func readLeft(path: String) throws(AudioError) -> (samples: [Float], sampleRate: Int) {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 44,
              data.prefix(4) == Data("RIFF".utf8) else {
            throw .cannotWrite(path: path, reason: "not a WAV file this program wrote")
        }
        let rate = data.withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: 24, as: UInt32.self))) }
        // The left of each 4-byte frame, read through the buffer (tests read growing files often).
        let frames = (data.count - 44) / 4
        let samples = [Float](unsafeUninitializedCapacity: frames) { buffer, initialized in
            data.withUnsafeBytes { bytes in
                for frame in 0..<frames {
                    buffer[frame] = Float(Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: 44 + 4 * frame, as: Int16.self))) / 32768
                }
            }
            initialized = frames
        }
        return (samples, rate)
    }

    private static func quantize(_ value: Float) -> Int16 {
        Int16((max(-1, min(1, value)) * 32767).rounded())
    }
}
