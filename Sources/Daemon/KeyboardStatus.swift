/// What the keyboard part knows of its devices, as `status` reports it.
public struct KeyboardStatus: Sendable, Hashable {
    /// The ALSA sequencer could be opened.
    public var sequencerOpen: Bool
    /// Connected keyboards, by name.
    public var keyboards: [String]
    /// Why the sequencer is not open, when it is not.
    public var problem: String?

    public init(sequencerOpen: Bool, keyboards: [String], problem: String? = nil) {
        self.sequencerOpen = sequencerOpen
        self.keyboards = keyboards
        self.problem = problem
    }

    public static let absent = KeyboardStatus(sequencerOpen: false, keyboards: [], problem: "no keyboard input configured")
}
