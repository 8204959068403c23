import MusicTheory

/// What prompts and played keys sound as: the SoundFont cello through FluidSynth, or an exactly
/// tuned sine. A training setting (`TrainingSettings.soundSource`, the config file's
/// `sound_source`); the audio adapter plays whichever it names.
public enum SoundSource: String, NamedChoice {
    /// The SoundFont cello through FluidSynth.
    case cello
    /// An exactly tuned sine, rendered by the daemon.
    case sine
}

extension SoundSource: CustomStringConvertible {
    /// The name: `cello`, `sine`.
    public var description: String { rawValue }
}
