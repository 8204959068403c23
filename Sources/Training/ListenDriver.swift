import MusicTheory

/// Where the listening input hears the student sing or play: the config file's `[listen] driver`.
public enum ListenDriver: String, NamedChoice {
    /// No listening: keys alone answer (the default).
    case off
    /// A WAV stream read from a path (a file, or a named pipe a recorder writes into) at the
    /// pace it arrives, as if captured live: for tests, and for judging a recording.
    case file
    /// A capture device through ALSA: `default`, `hw:1,0`, or a piece of a sound card's name.
    case alsa
}

extension ListenDriver: CustomStringConvertible {
    public var description: String { rawValue }
}
