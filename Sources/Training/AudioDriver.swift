import MusicTheory

/// Which audio driver plays the prompts: the config file's `[audio] driver`. Every name but `auto`
/// and `file` is FluidSynth's own driver of that name; the audio adapter resolves `auto` each time
/// it opens the device (`AudioDriver.chosen(environment:exists:)` in FluidSynthAudio).
public enum AudioDriver: String, NamedChoice {
    /// The session's sound server when there is one (PipeWire through pipewire-pulse, or
    /// PulseAudio): `pulseaudio`; else `alsa`. A system service has no session, so it opens ALSA.
    case auto
    /// FluidSynth's ALSA driver: a sound card directly (the box by the piano).
    case alsa
    /// FluidSynth's PulseAudio driver: a desktop's PulseAudio, or PipeWire through pipewire-pulse.
    case pulseaudio
    /// FluidSynth's JACK driver.
    case jack
    /// The daemon's own: what the student hears written to a WAV file in real time.
    case file
}

extension AudioDriver: CustomStringConvertible {
    /// The name: `auto`, `alsa`, …
    public var description: String { rawValue }
}
