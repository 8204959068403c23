import Foundation
import MusicTheory

/// The cello: a FluidSynth synth with one SoundFont preset on every channel, each channel's
/// pitch-wheel sensitivity set explicitly. Each note gets its own channel (round robin over all channels),
/// so notes sounding together are bent independently.
final class CelloInstrument: @unchecked Sendable {
    let synth: FluidSynthesizer
    let soundFontPath: String
    let preset: Preset
    let bend: PitchBend
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

    /// Takes the next channel (round robin) not in `busy`, unless all are, and starts the note on
    /// it, its bend set first.
    func start(_ plan: CelloPlan, velocity: Int, wheel: Int, avoiding busy: Set<Int> = []) throws(AudioError) -> Int {
        var channel = nextChannel
        for _ in 0..<synth.channelCount where busy.contains(channel) { channel = (channel + 1) % synth.channelCount }
        nextChannel = (channel + 1) % synth.channelCount
        try synth.setPitchBend(channel: channel, value: wheel)
        try synth.noteOn(channel: channel, key: plan.key, velocity: velocity)
        return channel
    }
}
