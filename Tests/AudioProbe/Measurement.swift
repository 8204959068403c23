import FluidSynthAudio
import Foundation
import VMProbeSupport

/// One synthesizer's run: note-ons written to the virmidi device while `loopback-capture` records
/// the loopback; each note's onset in the capture gives its latency, the note's first second its pitch.
struct Measurement {
    struct Settings {
        var bin: String
        var capture = "hw:Loopback,1,0"
        var rate = 48000
        var key: UInt8 = 57
        var velocity: UInt8 = 100
        /// 12-TET A3 at A4 = 440: what the daemon must sound for key 57 with no session running.
        var expectedHertz = 220.0
        var notes = 5
        /// The daemon's note duration (its calibration is made for it) and how long fluidsynth's key is held.
        var hold = 0.5
        /// From one note-on to the next: the cello's release must be over (below half the threshold).
        var spacing = 1.5
        /// A sound starts at the first sample this loud (about −54 dBFS)...
        var threshold: Float = 0.002
        /// ...after at least this much silence (below half the threshold) before the note-on.
        var silenceBefore = 0.1
        /// The playback buffer (period size x periods): a stale replay repeats the samples this far back.
        var bufferFrames = 1536
    }

    struct Note {
        /// Where it begins in the capture, in frames.
        let onset: Int
        let latencyMs: Double
        let cents: Double?
        let peak: Float
        /// Runs of 64 or more exactly silent samples inside the note, or of 256 samples equal to those
        /// one buffer earlier: the synthesizer's playback underran there (the emulated VM stalls; the
        /// loopback then replays stale buffer contents), and the pitch over such a note means little.
        let dropouts: Int
    }

    let settings: Settings
    let report: Report

    /// Runs the notes; nil (with a FAIL recorded) when the capture did not work. A note begins at
    /// the first loud sample after the note-on when the capture was quiet before it; where it was
    /// not (the voice speaks in the quiet between keys and is cut by the next one), at the place
    /// that matches `template`, the start of the same key heard alone, when one is given.
    func run(label: String, device: RawMIDIDevice, wavPath: String, logPath: String, template: [Float]? = nil) -> [Note?]? {
        let s = settings
        let seconds = 0.4 + Double(s.notes) * s.spacing
        let capture: Child
        do {
            // Real-time priority, so that the emulated VM's busy synthesizer threads do not starve it.
            capture = try Child(["chrt", "-f", "80", s.bin + "/loopback-capture", s.capture, "\(s.rate)", "\(seconds)", wavPath], log: logPath)
        } catch {
            report.check("\(label) capture starts", false, "\(error)")
            return nil
        }
        var trigger: Int64?
        _ = waitUntil(.seconds(10)) {
            trigger = capture.log.split(separator: "\n").first { $0.hasPrefix("started ") }
                .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int64($0) } }
            return trigger != nil || !capture.process.isRunning
        }
        guard let trigger else {
            _ = capture.stop()
            report.check("\(label) capture starts", false, "loopback-capture: \(capture.log)")
            return nil
        }
        usleep(300_000)
        var writes: [Int64] = []
        for _ in 0..<s.notes {
            writes.append(device.write([0x90, s.key, s.velocity]))
            usleep(UInt32(s.hold * 1e6))
            device.write([0x80, s.key, 0])
            usleep(UInt32((s.spacing - s.hold) * 1e6))
        }
        // The loopback's own view while both ends run: state, format, access, pointers.
        let state = shell(["sh", "-c", "grep -H . /proc/asound/Loopback/pcm0p/sub0/hw_params /proc/asound/Loopback/pcm0p/sub0/status /proc/asound/Loopback/pcm1c/sub0/hw_params /proc/asound/Loopback/cable#0 2>&1"]).output
        report.note("\(label) loopback state during the capture:\n\(state)")
        _ = waitUntil(.seconds(30)) { !capture.process.isRunning }
        let status = capture.stop()
        let done = capture.log.split(separator: "\n").first { $0.hasPrefix("done ") }.map(String.init) ?? ""
        let format = capture.log.split(separator: "\n").first { $0.hasPrefix("started ") }?.split(separator: " ").last ?? "?"
        report.check("\(label) capture completes", status == 0 && !done.isEmpty,
                     "\(format), loopback-capture exit \(status.map { "\($0)" } ?? "killed"): \(done) (frames, status-vs-trigger µs, xruns)")
        guard status == 0, let wav = try? WAVFile.readLeft(path: wavPath) else { return nil }
        // snd-aloop moves data on the jiffies timer (4 ms at HZ 250), counting from the jiffy the
        // trigger fell in: frame n passes at trigger + offset + n / rate, where offset (≤ 0, about
        // −1 jiffy to 0) is what loopback-capture measured from the stream's status timestamps.
        let offsetNs = done.split(separator: " ").dropFirst(2).first.flatMap { Double($0) }.map { Int64($0 * 1000) } ?? 0
        let origin = trigger + offsetNs

        let rate = Double(s.rate)
        let samples = wav.samples
        return writes.map { written -> Note? in
            let writeFrame = Int((Double(written - origin) / 1e9 * rate).rounded(.down))
            let before = max(0, writeFrame - Int(s.silenceBefore * rate))
            guard writeFrame > 0, writeFrame < samples.count else { return nil }
            let quietBefore = samples[before..<writeFrame].map(abs).max() ?? 0
            let searchEnd = min(samples.count, writeFrame + Int(0.5 * rate))
            let onset: Int
            if quietBefore < s.threshold / 2 {
                guard let loud = (writeFrame..<searchEnd).first(where: { abs(samples[$0]) >= s.threshold }) else { return nil }
                onset = loud
            } else {
                guard let template, let match = Self.match(template, in: samples, from: writeFrame, to: searchEnd) else { return nil }
                onset = match
            }
            let latencyMs = (Double(onset) / rate - Double(written - origin) / 1e9) * 1000
            let heard = Self.heard(samples, from: onset, settings: s)
            return Note(onset: onset, latencyMs: latencyMs, cents: heard.cents, peak: heard.peak, dropouts: heard.dropouts)
        }
    }

    /// The note that sounds from `onset` for `hold`: its pitch in cents from the expected A3, its
    /// peak, and its dropouts (runs of 64 zeros, and stale replays of a whole buffer).
    static func heard(_ samples: [Float], from onset: Int, settings s: Settings) -> (cents: Double?, peak: Float, dropouts: Int) {
        let rate = Double(s.rate)
        let end = min(samples.count, onset + Int(s.hold * rate))
        let note = Array(samples[onset..<end])
        let estimate = PitchEstimator().estimate(note, sampleRate: rate, expected: s.expectedHertz)
        var dropouts = 0, zeros = 0
        for sample in note {
            if sample == 0 { zeros += 1 } else { if zeros >= 64 { dropouts += 1 }; zeros = 0 }
        }
        dropouts += staleRepeats(in: samples, from: onset, to: end, buffer: s.bufferFrames)
        return (estimate.map { 1200 * log2($0.hertz / s.expectedHertz) }, note.map(abs).max() ?? 0, dropouts)
    }

    /// Runs of 256 sounding samples equal (within 1e-4) to the samples one buffer earlier: what the
    /// loopback captures when the playback fell a whole buffer behind. A real note never repeats
    /// itself exactly over 256 samples at that distance.
    static func staleRepeats(in samples: [Float], from start: Int, to end: Int, buffer: Int) -> Int {
        var runs = 0, equal = 0
        for index in max(start, buffer)..<end {
            let same = abs(samples[index]) > 1e-3 && abs(samples[index] - samples[index - buffer]) < 1e-4
            if same { equal += 1 } else { if equal >= 256 { runs += 1 }; equal = 0 }
        }
        return runs + (equal >= 256 ? 1 : 0)
    }

    /// The first 30 ms of a note heard alone, from its onset: every note of the same key and
    /// velocity starts with the same samples (the renderer is deterministic), speech or not around it.
    static func template(from samples: [Float], onset: Int, rate: Int) -> [Float] {
        Array(samples[onset..<min(samples.count, onset + rate * 30 / 1000)])
    }

    /// Where `template` starts in `samples` between `start` and `end`: the best normalised
    /// correlation, if it is at least 0.95 (a note found as it is, not a look-alike).
    static func match(_ template: [Float], in samples: [Float], from start: Int, to end: Int) -> Int? {
        let length = template.count
        guard length > 0, end + length <= samples.count, start < end else { return nil }
        let templateNorm = template.reduce(0) { $0 + Double($1) * Double($1) }.squareRoot()
        var best: (frame: Int, correlation: Double)?
        samples.withUnsafeBufferPointer { audio in
            template.withUnsafeBufferPointer { shape in
                var energy = (0..<length).reduce(0.0) { $0 + Double(audio[start + $1]) * Double(audio[start + $1]) }
                for frame in start..<end {
                    if frame > start {
                        let gone = Double(audio[frame - 1]), come = Double(audio[frame + length - 1])
                        energy += come * come - gone * gone
                    }
                    guard energy > 1e-12 else { continue }
                    var dot = 0.0
                    for index in 0..<length { dot += Double(audio[frame + index]) * Double(shape[index]) }
                    let correlation = dot / (energy.squareRoot() * templateNorm)
                    if correlation > (best?.correlation ?? 0.95) { best = (frame, correlation) }
                }
            }
        }
        return best?.frame
    }
}
