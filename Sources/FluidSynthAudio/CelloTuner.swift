import Foundation
import MusicTheory
import Synchronization

/// Finds how to play any frequency on the cello, measuring what it must on a synth of its own
/// (never the one that is sounding): the key, and two neighbouring whole-cent bends whose
/// measured pitches bracket the wanted one (see `CelloPlan`). Measurements are kept in a
/// `CelloCalibration` and stored in the cache.
public final class CelloTuner: Sendable {
    struct State: ~Copyable {
        var table: CelloCalibration
        var unsaved = 0
    }

    let synth: FluidSynthesizer
    let bend: PitchBend
    let cache: CalibrationCache?
    let frames: Int
    let state: Mutex<State>
    /// One measurement at a time: they share `synth`.
    let measuring = Mutex(())

    init(soundFontPath: String, preset: Preset, identity: CelloCalibration.Identity, bend: PitchBend,
         cache: CalibrationCache?) throws(AudioError) {
        synth = try FluidSynthesizer(sampleRate: identity.sampleRate, channelCount: 16)
        let id = try synth.loadSoundFont(path: soundFontPath)
        do { try synth.selectPreset(channel: 0, soundFont: id, bank: preset.bank, program: preset.program) } catch {
            throw .presetNotFound(path: soundFontPath, bank: preset.bank, program: preset.program)
        }
        try synth.setPitchWheelSensitivity(channel: 0, semitones: bend.sensitivity)
        self.bend = bend
        self.cache = cache
        frames = max(64, Int((Double(identity.noteDurationMilliseconds) / 1000 * identity.sampleRate).rounded()))
        state = Mutex(State(table: cache?.load(identity) ?? CelloCalibration(identity: identity)))
    }

    /// The table as measured so far.
    public var calibration: CelloCalibration { state.withLock { $0.table } }

    /// The plan for `frequency`, measuring the bends it needs that are not in the table yet.
    public func plan(_ frequency: Frequency) throws(AudioError) -> CelloPlan {
        if let known = knownPlan(frequency), known.exact { return known.plan }
        return try measuring.withLock { (_) throws(AudioError) -> CelloPlan in try planAlone(frequency) }
    }

    /// A plan from the table alone, never measuring (a student's key sounds at once, and nothing
    /// renders beside it): exact when two measured bends of the key bracket the pitch, else
    /// estimated from the measured bend nearest it (a bend moves the pitch by its own cents to
    /// within 0.31 c, see `CelloCalibration`). Nil when nothing of the key is measured or the wheel
    /// cannot reach it.
    public func knownPlan(_ frequency: Frequency) -> (plan: CelloPlan, exact: Bool)? {
        guard let (key, wanted) = Self.key(for: frequency),
              let measured = state.withLock({ $0.table.sounding[key] }), !measured.isEmpty else { return nil }
        for (low, lowPitch) in measured where lowPitch <= wanted {
            if let highPitch = measured[low + 1], highPitch > wanted {
                return (plan(key: key, low: low, lowPitch: lowPitch, highPitch: highPitch, wanted: wanted), true)
            }
        }
        let nearest = measured.min { abs($0.value - wanted) < abs($1.value - wanted) }!
        let low = nearest.key + Int((wanted - nearest.value).rounded(.down))
        let limit = Int(bend.halfRangeCents) - 2
        guard low > -limit, low + 1 < limit else { return nil }
        let lowPitch = nearest.value + Double(low - nearest.key)
        return (plan(key: key, low: low, lowPitch: lowPitch, highPitch: lowPitch + 1, wanted: wanted), false)
    }

    /// The key nearest `frequency` at A4 = 440 (FluidSynth's own tuning) and the cents from that
    /// key to it; nil above or below every MIDI key.
    static func key(for frequency: Frequency) -> (key: Int, cents: Double)? {
        let exact = 69 + 12 * log2(frequency.hertz / 440)
        let key = Int(exact.rounded())
        guard (0...127).contains(key) else { return nil }
        return (key, (exact - Double(key)) * 100)
    }

    private func planAlone(_ frequency: Frequency) throws(AudioError) -> CelloPlan {
        guard let (key, wanted) = Self.key(for: frequency) else { throw .outOfRange(hertz: frequency.hertz) }
        // The wheel reaches ±198 c; a sample more than a quarter tone out of tune would need more.
        let limit = Int(bend.halfRangeCents) - 2
        var low = Int((wanted - (try sounding(key: key, bend: 0))).rounded(.down))
        guard abs(low) < limit else { throw .outOfRange(hertz: frequency.hertz) }
        var lowPitch = try sounding(key: key, bend: low)
        while lowPitch > wanted {
            low -= 1
            guard low > -limit else { throw .outOfRange(hertz: frequency.hertz) }
            lowPitch = try sounding(key: key, bend: low)
        }
        var highPitch = try sounding(key: key, bend: low + 1)
        while highPitch <= wanted {
            low += 1
            guard low < limit else { throw .outOfRange(hertz: frequency.hertz) }
            lowPitch = highPitch
            highPitch = try sounding(key: key, bend: low + 1)
        }
        return plan(key: key, low: low, lowPitch: lowPitch, highPitch: highPitch, wanted: wanted)
    }

    /// The plan that alternates the bends `low` and `low + 1` cents, sounding `lowPitch` and
    /// `highPitch`, so that their average is `wanted` (all cents from the key's tempered pitch).
    private func plan(key: Int, low: Int, lowPitch: Double, highPitch: Double, wanted: Double) -> CelloPlan {
        let share = min(1, max(0, (wanted - lowPitch) / (highPitch - lowPitch)))
        return CelloPlan(key: key, lowWheel: bend.wheel(forCents: Double(low)).value,
                         highWheel: bend.wheel(forCents: Double(low + 1)).value,
                         highShare: share, lowErrorCents: lowPitch - wanted)
    }

    /// Measures every key of `keys` with the wheel centred: how far each sample is out of tune,
    /// and how loud it is.
    public func measureCentred(keys: ClosedRange<Int>) throws(AudioError) {
        try measuring.withLock { (_) throws(AudioError) in
            for key in keys {
                _ = try sounding(key: key, bend: 0)
                _ = try loudnessAlone(ofKey: key)
            }
        }
        save()
    }

    /// Writes new measurements to the cache, if there are any.
    public func save() {
        let table: CelloCalibration? = state.withLock { state in
            guard state.unsaved > 0 else { return nil }
            state.unsaved = 0
            return state.table
        }
        if let table { cache?.store(table) }
    }

    /// The measured pitch of `key` bent by `bend` cents, measured now if it is not in the table.
    func sounding(key: Int, bend cents: Int) throws(AudioError) -> Double {
        if let known = state.withLock({ $0.table.sounding(key: key, bend: cents) }) { return known }
        return try record(key: key, bend: cents).cents
    }

    /// Measures `key` bent by `cents` and keeps what it tells: its pitch, and with the wheel
    /// centred its loudness (a silent key keeps the reference loudness, so it is not measured again).
    func record(key: Int, bend cents: Int) throws(AudioError) -> Measurement {
        let measured = try measure(key: key, bend: cents)
        state.withLock { state in
            state.table.record(key: key, bend: cents, cents: measured.cents)
            if cents == 0 { state.table.record(key: key, loudness: measured.loudness ?? SineLevel.referenceLoudness) }
            state.unsaved += 1
        }
        return measured
    }
}

extension CelloTuner {
    /// The velocity the calibration is measured at; the cello preset's pitch does not depend on it
    /// (measured: keys 36 and 45 read the same to 1e-6 c at velocities 40, 70, 100 and 127).
    public static let velocity = 100
}
