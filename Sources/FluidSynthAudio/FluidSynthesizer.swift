import CFluidSynth

/// Owns one `fluid_synth_t` (and the settings it was made from) and frees both. Every method is
/// one FluidSynth call; a failing call throws an error naming it. FluidSynth's synth API is
/// thread-safe, so events may come from one thread while another renders.
final class FluidSynthesizer: @unchecked Sendable {
    let settings: FluidSettings
    let handle: OpaquePointer
    let sampleRate: Double
    /// How many MIDI channels the synth has: as many notes as this can be tuned independently.
    let channelCount: Int

    /// A synth with reverb and chorus off (they would blur the pitch a test measures) and dynamic
    /// sample loading on, so only the samples of the preset in use are read into memory.
    /// The corresponding C function is `new_fluid_synth`.
    init(sampleRate: Double, gain: Double = 0.5, channelCount: Int = 16) throws(AudioError) {
        precondition(channelCount >= 1 && channelCount % 16 == 0, "FluidSynth takes channels in groups of 16")
        let settings = try FluidSettings()
        try settings.set("synth.sample-rate", sampleRate)
        try settings.set("synth.gain", gain)
        try settings.set("synth.midi-channels", channelCount)
        try settings.set("synth.reverb.active", 0)
        try settings.set("synth.chorus.active", 0)
        try settings.set("synth.dynamic-sample-loading", 1)
        guard let handle = new_fluid_synth(settings.handle) else {
            throw .call(function: "new_fluid_synth", code: -1, message: FluidLog.takeLast())
        }
        self.settings = settings
        self.handle = handle
        self.sampleRate = sampleRate
        self.channelCount = channelCount
    }

    deinit {
        delete_fluid_synth(handle)
    }

    /// Loads a SoundFont and returns its id. The corresponding C functions are `fluid_is_soundfont`
    /// and `fluid_synth_sfload`.
    func loadSoundFont(path: String) throws(AudioError) -> Int32 {
        // Checked first: FluidSynth hands files it does not recognise to libinstpatch, which
        // prints glib criticals of its own on stderr.
        guard fluid_is_soundfont(path) != 0 else {
            throw .soundFontUnloadable(path: path, message: "not a SoundFont (no RIFF sfbk header)")
        }
        if let problem = SoundFontHeader.problem(path: path) {
            throw .soundFontUnloadable(path: path, message: problem)
        }
        let id = fluid_synth_sfload(handle, path, 0)
        guard id != FLUID_FAILED else { throw .soundFontUnloadable(path: path, message: FluidLog.takeLast()) }
        return id
    }

    /// Selects a preset on a channel. The corresponding C function is `fluid_synth_program_select`.
    func selectPreset(channel: Int, soundFont: Int32, bank: Int, program: Int) throws(AudioError) {
        let code = fluid_synth_program_select(handle, Int32(channel), soundFont, Int32(bank), Int32(program))
        try check("fluid_synth_program_select", code)
    }

    /// Sets the pitch-wheel range in semitones. The corresponding C function is `fluid_synth_pitch_wheel_sens`.
    func setPitchWheelSensitivity(channel: Int, semitones: Int) throws(AudioError) {
        try check("fluid_synth_pitch_wheel_sens", fluid_synth_pitch_wheel_sens(handle, Int32(channel), Int32(semitones)))
    }

    /// The corresponding C function is `fluid_synth_pitch_bend`; 8192 is the centre.
    func setPitchBend(channel: Int, value: Int) throws(AudioError) {
        try check("fluid_synth_pitch_bend", fluid_synth_pitch_bend(handle, Int32(channel), Int32(value)))
    }

    /// The corresponding C function is `fluid_synth_noteon`.
    func noteOn(channel: Int, key: Int, velocity: Int) throws(AudioError) {
        try check("fluid_synth_noteon", fluid_synth_noteon(handle, Int32(channel), Int32(key), Int32(velocity)))
    }

    /// Releases a key; a key that is no longer sounding is not an error here.
    /// The corresponding C function is `fluid_synth_noteoff`.
    func noteOff(channel: Int, key: Int) {
        _ = fluid_synth_noteoff(handle, Int32(channel), Int32(key))
    }

    /// Silences every voice at once, with no release. The corresponding C function is
    /// `fluid_synth_all_sounds_off`.
    func allSoundsOff() {
        _ = fluid_synth_all_sounds_off(handle, -1)
    }

    /// Voices playing or releasing now. The corresponding C function is
    /// `fluid_synth_get_active_voice_count`.
    var activeVoiceCount: Int {
        Int(fluid_synth_get_active_voice_count(handle))
    }

    /// Renders `frames` stereo frames into two separate buffers, overwriting them.
    /// The corresponding C function is `fluid_synth_write_float`.
    func write(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) throws(AudioError) {
        let code = fluid_synth_write_float(handle, Int32(frames), left, 0, 1, right, 0, 1)
        try check("fluid_synth_write_float", code)
    }

    private func check(_ function: String, _ code: Int32) throws(AudioError) {
        guard code == FLUID_OK else { throw .call(function: function, code: Int(code), message: FluidLog.takeLast()) }
    }
}
