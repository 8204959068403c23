import Foundation
import MusicTheory

/// The cello: a FluidSynth synth with one SoundFont preset on every channel, each channel's
/// pitch-wheel sensitivity set explicitly, and the calibration that says how far each key's samples
/// sound from equal temperament. Each note gets its own channel (round robin over all channels),
/// so notes sounding together are bent independently.
final class CelloInstrument: @unchecked Sendable {
    let synth: FluidSynthesizer
    let soundFontPath: String
    let preset: Preset
    let bend: PitchBend
    private(set) var calibration: CelloCalibration?
    private var nextChannel = 0

    /// Loads the SoundFont and selects `preset` on every channel. Throws when the file is not a
    /// SoundFont or lacks the preset.
    init(soundFontPath: String, preset: Preset, sampleRate: Double, bend: PitchBend = PitchBend()) throws(AudioError) {
        synth = try FluidSynthesizer(sampleRate: sampleRate)
        let id = try synth.loadSoundFont(path: soundFontPath)
        for channel in 0..<synth.channelCount {
            do {
                try synth.selectPreset(channel: channel, soundFont: id, bank: preset.bank, program: preset.program)
            } catch {
                throw .presetNotFound(path: soundFontPath, bank: preset.bank, program: preset.program)
            }
            try synth.setPitchWheelSensitivity(channel: channel, semitones: bend.sensitivity)
            try synth.setPitchBend(channel: channel, value: PitchBend.centre)
        }
        self.soundFontPath = soundFontPath
        self.preset = preset
        self.bend = bend
    }

    func use(_ calibration: CelloCalibration) {
        self.calibration = calibration
    }

    /// The key to press, the wheel value, and the cents the note will actually sound away from
    /// `frequency` (FluidSynth's whole-cent step leaves at most ±0.5 c).
    func plan(_ frequency: Frequency) -> (key: Int, wheel: Int, errorCents: Double) {
        let exact = 69 + 12 * log2(frequency.hertz / 440)
        let key = Int(exact.rounded())
        precondition((0...127).contains(key), "\(frequency) is outside the MIDI range")
        let wanted = (exact - Double(key)) * 100 - (calibration?.offset(ofKey: key) ?? 0)
        let (wheel, sounding) = bend.wheel(forCents: wanted)
        return (key, wheel, Double(sounding) - wanted)
    }

    /// Bends a fresh channel and starts the note on it; returns the channel and key for the note-off.
    func start(_ frequency: Frequency, velocity: Int) throws(AudioError) -> (channel: Int, key: Int) {
        let (key, wheel, _) = plan(frequency)
        let channel = nextChannel
        nextChannel = (nextChannel + 1) % synth.channelCount
        synth.noteOff(channel: channel, key: key)
        try synth.setPitchBend(channel: channel, value: wheel)
        try synth.noteOn(channel: channel, key: key, velocity: velocity)
        return (channel, key)
    }
}
