import Training

/// The `[midi]` section: which sequencer ports are keyboards, and the keyboard controls.
public struct MIDIConfig: Sendable {
    /// Patterns choosing the keyboards: `client:port` (`"24:0"`) or a piece of a port or client
    /// name, any case (`"Keystation"`). Empty: every keyboard found.
    public var keyboards: [String]
    /// Which keys and pedals repeat, skip, stop and start a new session (`[midi.controls]`).
    public var controls: KeyboardControls

    /// The defaults: any keyboard, the standard controls.
    public init(keyboards: [String] = [], controls: KeyboardControls = .standard) {
        self.keyboards = keyboards
        self.controls = controls
    }
}

extension MIDIConfig: Hashable, Codable {}
