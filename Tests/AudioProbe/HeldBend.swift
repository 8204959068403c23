import FluidSynthAudio
import Foundation
import VMProbeSupport

/// The pitch-bend wheel through the kernel's sequencer moves a `match` question's held note:
/// pitch-bend messages (`E0 lsb msb`) written to the virmidi keyboard, while the loopback is
/// captured. The wheel goes up, back to the centre, down and back; each bent stretch is measured
/// against the mean of the centred stretches on either side of it (the cello's own sample drifts
/// up over a held note, a few cents a second: the neighbours' mean takes that out). It must
/// differ by what the bend asks (±2 semitones, the shipped range): within 0.1 c for the sine,
/// within 3 c for the cello (its sample's own uneven drift; see `check`).
struct HeldBend {
    let report: Report
    let settings: Measurement.Settings
    let socket: String
    let device: RawMIDIDevice
    let out: String

    /// Wheel values sent in turn after a centred stretch, each held for `hold` seconds: up a third
    /// of a semitone, back, down a quarter, back. The held note starts at most 10 c off, so it
    /// stays within a quarter tone of A3, where the pitch estimator looks.
    static let wheel = [1400, 0, -1100, 0]
    static let hold = 1.2

    func run() {
        for source in ["sine", "cello"] { check(source) }
        _ = shell([settings.bin + "/eartrainctl", "set", "--reset", "training.sound_source", "--socket", socket])
    }

    private func ctl(_ arguments: [String]) -> (status: Int32, output: String) {
        shell([settings.bin + "/eartrainctl"] + arguments + ["--socket", socket])
    }

    private func bend(_ value: Int) -> Int64 {
        let raw = value + 8192
        return device.write([0xE0, UInt8(raw & 0x7F), UInt8(raw >> 7)])
    }

    private func check(_ source: String) {
        let label = "the \(source)'s held note follows the wheel"
        let set = ctl(["set", "training.sound_source", source])
        // Room for `eartrainctl start`, which takes seconds to start under emulation: the stretches
        // are placed by the writes' own times, wherever they fall in the capture.
        let seconds = 1.6 + Double(Self.wheel.count + 1) * Self.hold + 16
        let wavPath = out + "/held-\(source).wav"
        guard set.status == 0,
              let capture = try? Child(["chrt", "-f", "80", settings.bin + "/loopback-capture", settings.capture, "\(settings.rate)",
                                        "\(seconds)", wavPath], log: out + "/capture-held-\(source).log") else {
            report.check(label, false, "set training.sound_source \(source): \(set.output); or loopback-capture did not start")
            return
        }
        var trigger: Int64?
        _ = waitUntil(.seconds(10)) {
            trigger = capture.log.split(separator: "\n").first { $0.hasPrefix("started ") }
                .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int64($0) } }
            return trigger != nil || !capture.process.isRunning
        }
        _ = bend(0)
        let started = ctl(["start", "match", "--root", "A3", "--detune", "10", "--seed", "2"])
        // The reference (0.5 s), the gap, then the held note: its first moments left out.
        usleep(UInt32((0.75 + Self.hold) * 1e6))
        var writes: [Int64] = []
        for value in Self.wheel {
            writes.append(bend(value))
            usleep(UInt32(Self.hold * 1e6))
        }
        _ = bend(0)
        _ = ctl(["stop"])
        _ = waitUntil(.seconds(40)) { !capture.process.isRunning }
        let status = capture.stop()
        guard let trigger, status == 0, let wav = try? WAVFile.readLeft(path: wavPath) else {
            report.check(label, false, "session: \(started.output); capture exit \(status.map { "\($0)" } ?? "killed"): \(capture.log)")
            return
        }
        let rate = Double(settings.rate)
        // The stretch before each write (the wheel where it was) and after it (where it went),
        // away from the write by 0.35 s: the daemon's buffer and the emulated VM's stalls.
        func pitch(_ from: Double, _ to: Double) -> Double? {
            let start = Int(from * rate), end = min(wav.samples.count, Int(to * rate))
            guard start >= 0, end - start > Int(0.2 * rate) else { return nil }
            return PitchEstimator().estimate(Array(wav.samples[start..<end]), sampleRate: rate, expected: settings.expectedHertz)
                .map { 1200 * log2($0.hertz / settings.expectedHertz) }
        }
        // Stretch k is the wheel before write k (the last one after the last write).
        let times = writes.map { Double($0 - trigger) / 1e9 }
        let stretches = (0...times.count).map { index -> Double? in
            let end = index < times.count ? times[index] : times[times.count - 1] + Self.hold
            return pitch(end - Self.hold + 0.35, end - 0.05)
        }
        var errors: [Double] = []
        var lines: [String] = []
        for index in stride(from: 1, to: stretches.count - 1, by: 2) {
            let asked = Double(Self.wheel[index - 1]) / 8192 * 200
            if let bent = stretches[index], let before = stretches[index - 1], let after = stretches[index + 1] {
                let moved = bent - (before + after) / 2
                errors.append(moved - asked)
                lines.append("wheel \(Self.wheel[index - 1]): \(f(moved, 3)) c for \(f(asked, 3)) c (centred \(f(before, 2)), \(f(after, 2)) c)")
            } else {
                lines.append("wheel \(Self.wheel[index - 1]): not measured")
            }
        }
        // The cello: 3 c. FluidR3's cello sample drifts over a held note, unevenly (−0.7 c to +4.2 c
        // across one run's 2.4 s), which the neighbours' mean takes out only in part: one CI run
        // measured 36.295 c for 34.180 c asked, another 34.439 c. The sine, which does not drift,
        // holds the renderer's own bend to 0.1 c.
        let limit = source == "sine" ? 0.1 : 3.0
        report.check("\(label) within \(limit) c of each bend sent through the sequencer",
                     errors.count == Self.wheel.count / 2 && errors.allSatisfy { abs($0) <= limit },
                     lines.joined(separator: "; ") + "; session: \(started.output.split(separator: "\n").first ?? "")")
    }
}
