import Training

/// Everything that can go wrong in the audio part. Environment problems (no SoundFont, no device,
/// a file that is not a SoundFont) are thrown as these; programmer errors trap instead.
public enum AudioError: Error, Hashable, Sendable {
    /// A FluidSynth call failed. The corresponding C function is named, with its return code and
    /// the last message FluidSynth logged, if any.
    case call(function: String, code: Int, message: String?)
    /// No SoundFont was found in any of the places searched.
    case soundFontNotFound(searched: [String])
    /// The file exists but FluidSynth could not load it as a SoundFont.
    case soundFontUnloadable(path: String, message: String?)
    /// The SoundFont has no preset at this bank and program.
    case presetNotFound(path: String, bank: Int, program: Int)
    /// The audio device could not be opened.
    case deviceUnavailable(driver: String, device: String, message: String?)
    /// `audio.device` is a piece of a card's name, no card present matches it, and ALSA has no
    /// device of that name either. The cards present are named.
    case noSoundCard(pattern: String, cards: [SoundCard])
    /// A frequency the cello cannot reach (its nearest key is outside MIDI 0…127).
    case outOfRange(hertz: Double)
    /// A WAV file could not be written.
    case cannotWrite(path: String, reason: String)
}

extension AudioError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .call(let function, let code, let message):
            return "\(function) failed (code \(code))" + (message.map { ": \($0)" } ?? "")
        case .soundFontNotFound(let searched):
            return "no SoundFont found; looked in: " + searched.joined(separator: ", ")
                + " (install Debian's fluid-soundfont-gm or set a path in the config)"
        case .soundFontUnloadable(let path, let message):
            return "\(path) could not be loaded as a SoundFont" + (message.map { ": \($0)" } ?? "")
        case .presetNotFound(let path, let bank, let program):
            return "\(path) has no preset at bank \(bank), program \(program)"
        case .deviceUnavailable(let driver, let device, let message):
            return "audio device '\(device)' (driver \(driver)) could not be opened"
                + (message.map { ": \($0)" } ?? "")
        case .noSoundCard(let pattern, let cards):
            return "no sound card matches '\(pattern)' ("
                + (cards.isEmpty ? "no sound cards" : "cards: " + cards.map(\.description).joined(separator: ", ")) + ")"
        case .outOfRange(let hertz):
            return "\(hertz) Hz is outside the MIDI key range the cello can play (about 8.2 Hz to 12.5 kHz)"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
