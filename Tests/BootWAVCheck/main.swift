// boot-wav-check [--cello | --tones] WAV [MIDI NOTE …]
//
// What the student heard in the boot scenario (scripts/vm/student-test.sh), read from the WAV the
// VM's USB sound card wrote on the host: the sounding parts, each a steady tone (a sine key: one
// harmonic, on a semitone) or speech (anything else that sounds). It checks that speech comes
// before the first tone (the announcement at boot), that every tone is within 0.05 cent of its
// equal-tempered pitch at A4 = 440 Hz (measured away from any word said over it), that the notes given on the command line begin to sound in
// that order (found by their own frequency, so a key still held when the next prompt sounds
// counts), and that speech follows the last tone (the results). Prints what it found and one
// line per check; exits 1 when a check fails.
//
// --cello: the keys were played on the cello with the voice off: a tone is a window whose pitch,
// measured from one of the keys given, is within 20 cents of it, held 0.3 s; each must be within
// 3 cents of its pitch, and the keys are found in order among those tones; nothing is said of
// speech. The cello's exact pitch is held elsewhere (rendered offline, PitchAccuracyTests hold
// every key to 0.1 c; the sine keys of boot 1 here to 0.05 c); through the emulated USB card a
// dropped millisecond moves a cello note's reading by about a cent (docs/benchmarks.md, "A
// dropped millisecond"), and whole notes read up to 1.17 c and a prompt cut in two 2.6 c.
//
// --tones: sine keys as above, with nothing said of speech either (scripts/test-user-unit.sh, the
// voice off: what a user's daemon played into PipeWire).
//
// A key written with a trailing `?` (`42?`) was played while the daemon reported its sound card
// lost (scripts/vm/student-test.sh reads that from its journal): it may be missing from the WAV,
// and a tone of its pitch may be cut or out of tune. Every other key is held to the checks.
import Foundation
import FluidSynthAudio

let cello = CommandLine.arguments.contains("--cello")
/// Whether speech is looked for: not for the cello, nor with --tones.
let speechChecked = !cello && !CommandLine.arguments.contains("--tones")
let arguments = CommandLine.arguments.filter { $0 != "--cello" && $0 != "--tones" }
guard arguments.count >= 2, let wav = try? WAVFile.readLeft(path: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: boot-wav-check [--cello | --tones] WAV [MIDI[?] …]; the WAV must be readable\n".utf8))
    exit(64)
}
/// The keys given, in order, and whether each may be lost (written `42?`).
let given = arguments.dropFirst(2).compactMap { token -> (key: Int, mayBeLost: Bool)? in
    let mayBeLost = token.hasSuffix("?")
    return Int(mayBeLost ? String(token.dropLast()) : token).map { ($0, mayBeLost) }
}
let expected = given.map(\.key)
let lostKeys = Set(given.filter(\.mayBeLost).map(\.key))
/// How far a tone may be from its pitch, and how long it must hold to count.
// A sine key within 0.05 c, measured only where no other sound borders it (see `beside`).
let tolerance = cello ? 3.0 : 0.05
let shortestTone = cello ? 0.3 : 0.15
let rate = Double(wav.sampleRate)
let samples = wav.samples

/// One 50 ms window that sounds: a tone (its nearest key and cents off) or not.
struct Window {
    let start: Int
    let key: Int?
}

let size = Int(rate * 0.05)
var windows: [Window] = []
var at = 0
while at + size <= samples.count {
    let slice = Array(samples[at..<at + size])
    let rms = (slice.reduce(0) { $0 + Double($1 * $1) } / Double(size)).squareRoot()
    if rms > 0.005 {
        // A first guess from the zero crossings (exact enough for a sine), then the estimator.
        var crossings = 0
        for i in 1..<slice.count where (slice[i - 1] < 0) != (slice[i] < 0) { crossings += 1 }
        let guess = Double(crossings) / 2 / 0.05
        var key: Int?
        if cello {
            // A cello's harmonics cross zero many times a period: each key played is tried instead.
            key = Set(expected).sorted().first { candidate in
                let hertz = 440 * exp2(Double(candidate - 69) / 12)
                guard let estimate = PitchEstimator().estimate(slice, sampleRate: rate, expected: hertz) else { return false }
                return abs(1200 * log2(estimate.hertz / hertz)) < 20
            }
        } else if guess > 30, let estimate = PitchEstimator().estimate(slice, sampleRate: rate, expected: guess), estimate.harmonics == 1 {
            let semitones = 12 * log2(estimate.hertz / 440) + 69
            if abs(semitones - semitones.rounded()) < 0.05 { key = Int(semitones.rounded()) }
        }
        windows.append(Window(start: at, key: key))
    }
    at += size
}

/// Runs of windows: a tone (same key, windows next to each other) or speech.
struct Part {
    var start: Int
    var end: Int
    let key: Int?
}
var parts: [Part] = []
for window in windows {
    if var last = parts.last, last.key == window.key, window.start - last.end <= size * 4 {
        last.end = window.start + size
        parts[parts.count - 1] = last
    } else {
        parts.append(Part(start: window.start, end: window.start + size, key: window.key))
    }
}
// Speech is a run of at least 0.3 s; a tone at least 0.15 s (the edges of a tone read as neither).
let speech = parts.filter { $0.key == nil && $0.end - $0.start >= Int(rate * 0.3) }
let tones = parts.filter { $0.key != nil && $0.end - $0.start >= Int(rate * shortestTone) }

func seconds(_ frame: Int) -> String { String(format: "%.2f s", Double(frame) / rate) }

/// Whether a window that sounds but is no tone (a word said over the student's key, ducked under
/// it) lies within 0.1 s of `frame`: the feedback is said at once, so a sine key's last part can
/// carry a word, and an estimate over both reads a tenth of a cent off (0.27 c seen).
@MainActor func beside(_ frame: Int) -> Bool {
    windows.contains { $0.key == nil && abs($0.start + size / 2 - frame) < Int(rate * 0.1) + size / 2 }
}
/// Each tone measured over its middle (its first and last 30 ms left out, and for a sine key the
/// parts beside other sound, the median of its 0.1 s stretches); a cello note over the first second from its onset (found sample by
/// sample before its first window), the span the pitch tests measure too, not its release.
var worst = 0.0
var measured: [(key: Int, cents: Double, at: Int)] = []
var besideSpeech = 0
/// Tones out of tune whose key was played while the sound card was away.
var excused = 0
for tone in tones {
    let margin = Int(rate * 0.03)
    var start = tone.start + margin, end = tone.end - margin
    if !cello {
        while start < end, beside(start) { start += size }
        while end > start, beside(end) { end -= size }
        if end - start < Int(rate * 0.1) {
            besideSpeech += 1
            continue
        }
    }
    var onset = tone.start
    while cello, onset > max(0, tone.start - Int(rate * 0.15)), abs(samples[onset - 1]) > 0.0005 || abs(samples[max(0, onset - 48)]) > 0.0005 {
        onset -= 1
    }
    if cello { end = min(samples.count, onset + Int(rate)) }
    let hertz = 440 * exp2(Double(tone.key! - 69) / 12)
    func centsOff(_ range: Range<Int>) -> Double? {
        PitchEstimator().estimate(Array(samples[range]), sampleRate: rate, expected: hertz).map { 1200 * log2($0.hertz / hertz) }
    }
    let cents: Double
    if cello {
        guard let measuredCents = centsOff(onset..<max(start + 1, end)) else { continue }
        cents = measuredCents
    } else {
        // A sine key: the median of its 0.1 s stretches. A block the emulated USB card dropped or
        // repeated bends the stretch it falls in (2.16 c seen over a whole note) and no other.
        let count = max(1, (end - start) / Int(rate * 0.1))
        let stretch = (end - start) / count
        let stretches = (0..<count).compactMap { centsOff(start + $0 * stretch..<start + ($0 + 1) * stretch) }.sorted()
        guard !stretches.isEmpty else { continue }
        cents = stretches[stretches.count / 2]
    }
    if abs(cents) > tolerance, lostKeys.contains(tone.key!) {
        excused += 1
    } else {
        worst = max(worst, abs(cents))
    }
    measured.append((tone.key!, cents, tone.start))
}
print("wav: \(samples.count) frames at \(Int(rate)) Hz (\(seconds(samples.count))); \(speech.count) speech parts, \(measured.count) tones measured, \(besideSpeech) too short beside other sound")
for part in (speech + tones).sorted(by: { $0.start < $1.start }) {
    if let key = part.key, let tone = measured.first(where: { $0.at == part.start }) {
        print("  \(seconds(part.start))–\(seconds(part.end))  tone \(key)  \(String(format: "%+.3f", tone.cents)) c")
    } else if part.key == nil {
        print("  \(seconds(part.start))–\(seconds(part.end))  speech")
    }
}

var results: [Bool] = []
func check(_ name: String, _ ok: Bool, _ detail: String) -> Bool {
    print("\(ok ? "PASS" : "FAIL") wav: \(name): \(detail)")
    return ok
}
let firstTone = tones.first?.start ?? Int.max
if speechChecked {
    results.append(check("speech before the first note (the announcement at boot)", speech.contains { $0.end <= firstTone },
          "first speech at \(speech.first.map { seconds($0.start) } ?? "none"), first tone at \(tones.first.map { seconds($0.start) } ?? "none")"))
}
results.append(check("every note within \(tolerance) c of its pitch", !measured.isEmpty && worst <= tolerance,
                     String(format: "worst %.4f c over %d tones (%d too short beside other sound", worst, measured.count, besideSpeech)
                     + (excused > 0 ? "; \(excused) off, of keys played while the sound card was away)" : ")")))
/// The keys of `candidates` sounding in the 0.4 s from `start`: those holding over a fifth of its
/// energy at their own frequency, more than the semitones either side (Goertzel, Hann window; at
/// 0.4 s neighbouring semitones are apart from C3 up).
func sounding(at start: Int, among candidates: Set<Int>) -> Set<Int> {
    let length = min(Int(rate * 0.4), samples.count - start)
    guard length > size else { return [] }
    let slice = (0..<length).map { Double(samples[start + $0]) * (0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(length - 1))) }
    let energy = slice.reduce(0) { $0 + $1 * $1 }
    guard energy > 0 else { return [] }
    func share(_ key: Int) -> Double {
        let omega = 2 * Double.pi * 440 * exp2(Double(key - 69) / 12) / rate
        var (s1, s2) = (0.0, 0.0)
        for x in slice { (s1, s2) = (x + 2 * cos(omega) * s1 - s2, s1) }
        let power = s1 * s1 + s2 * s2 - 2 * cos(omega) * s1 * s2
        return power / (Double(length) * energy) * 2.67  // 2.67: a Hann window's loss for a sine
    }
    return candidates.filter { key in
        let mine = share(key)
        return mine > 0.2 && mine > share(key - 1) && mine > share(key + 1)
    }
}
/// The position after the key that starts now: the next one expected, or one after keys that
/// may be lost; nil when none does.
func found(after next: Int, _ starts: (Int) -> Bool) -> Int? {
    var position = next
    while position < expected.count {
        if starts(expected[position]) { return position + 1 }
        guard given[position].mayBeLost else { return nil }
        position += 1
    }
    return nil
}
var next = 0
var before: Set<Int> = []
if cello {
    // The cello's fundamental can be weak: its keys are found among the tones measured.
    for tone in measured { next = found(after: next) { $0 == tone.key } ?? next }
}
for window in windows where !cello && next < expected.count {
    let now = sounding(at: window.start, among: Set(expected))
    next = found(after: next) { now.contains($0) && !before.contains($0) } ?? next
    before = now
}
let mayBeLost = given.filter(\.mayBeLost).count
results.append(check("the keys played sound in order", given[next...].allSatisfy(\.mayBeLost),
      "\(next) of \(expected.count) found beginning in order"
      + (mayBeLost > 0 ? " (\(mayBeLost) played while the sound card was away may be missing)" : "")
      + "; pure tones heard: \(tones.map { String($0.key!) }.joined(separator: " "))"))
let lastTone = tones.last?.start ?? 0
if speechChecked {
    results.append(check("speech after the last note (the results)", speech.contains { $0.start > lastTone },
          "last tone at \(seconds(lastTone)), last speech at \(speech.last.map { seconds($0.start) } ?? "none")"))
}
exit(results.allSatisfy { $0 } ? 0 : 1)
