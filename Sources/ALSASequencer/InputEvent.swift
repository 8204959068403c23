/// What the keyboard input reports, in order, on `KeyboardInput.events`.
public enum InputEvent: Sendable, Hashable {
    /// Something played, stamped when the input thread read it (monotonic clock).
    case message(MIDIMessage, arrival: ContinuousClock.Instant)
    /// The input's state changed.
    case status(InputStatus)
    /// The kernel's input buffer overflowed and events were lost; `total` counts overruns so far.
    /// Held notes have been released (as note-off messages) just before this.
    case overrun(total: Int)
}

/// Where the keyboard input stands.
public enum InputStatus: Sendable, Hashable {
    /// Not started yet.
    case starting
    /// No ALSA sequencer (no `/dev/snd/seq`, no permission): retrying every few seconds.
    case noSequencer(ALSAError)
    /// Listening; `keyboards` are the ports connected to our input, hardware first.
    /// Empty means "no keyboard".
    case listening(keyboards: [PortInfo])
}

extension InputStatus: CustomStringConvertible {
    public var description: String {
        switch self {
        case .starting: "starting"
        case let .noSequencer(error): "no sequencer (\(error))"
        case let .listening(keyboards) where keyboards.isEmpty: "no keyboard"
        case let .listening(keyboards): "keyboards: " + keyboards.map(\.description).joined(separator: ", ")
        }
    }
}
