import Foundation

/// Interleaved stereo float PCM (as `fluidsynth -T raw -O float` writes it) to a mono WAV, with
/// white noise added at a signal-to-noise ratio measured over each note's span.
enum Mixing {
    static func run(raw: String, wav: String, rate: Double, spans: [NoteSpan], snr: Double?, seed: UInt64) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        var mono = [Float](repeating: 0, count: data.count / 8)
        data.withUnsafeBytes { bytes in
            for i in mono.indices {
                let left = bytes.loadUnaligned(fromByteOffset: 8 * i, as: Float.self)
                let right = bytes.loadUnaligned(fromByteOffset: 8 * i + 4, as: Float.self)
                mono[i] = (left + right) / 2
            }
        }
        if let snr {
            var generator = Xorshift(seed: seed)
            for (index, span) in spans.enumerated() {
                // Each note's noise runs from the gap before it to the gap after it.
                let start = index == 0 ? 0 : Int((spans[index - 1].off + span.on) / 2 * rate)
                let end = index == spans.count - 1 ? mono.count : Int((span.off + spans[index + 1].on) / 2 * rate)
                let signal = Int(span.on * rate)..<min(mono.count, Int(span.off * rate))
                let power = mono[signal].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, signal.count))
                let rms = (power / pow(10, snr / 10)).squareRoot()
                for i in start..<min(end, mono.count) {
                    mono[i] += Float(rms * generator.normal())
                }
            }
        }
        try WAVFile(rate: rate, samples: mono).write(to: wav)
    }
}

/// xorshift64* and Box–Muller: the same noise on every run.
struct Xorshift {
    private var state: UInt64
    init(seed: UInt64) { state = seed | 1 }

    mutating func uniform() -> Double {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Double((state &* 0x2545_F491_4F6C_DD1D) >> 11) / Double(1 << 53)
    }

    mutating func normal() -> Double {
        let u1 = max(uniform(), 1e-300)
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * uniform())
    }
}
