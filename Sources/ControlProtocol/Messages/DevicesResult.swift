/// What `devices.get` returns: the keyboards and the sound, with every sound card present.
public struct DevicesResult: Sendable, Hashable, Codable {
    public var keyboards: KeyboardDevices
    public var sound: SoundDevices

    public init(keyboards: KeyboardDevices, sound: SoundDevices) {
        self.keyboards = keyboards
        self.sound = sound
    }
}

/// The keyboard part: the ALSA sequencer and the keyboards connected (as `status` has them).
public struct KeyboardDevices: Sendable, Hashable, Codable {
    /// The ALSA sequencer could be opened.
    public var sequencer: Bool
    /// The keyboards listened to, by name.
    public var connected: [String]
    /// Why the sequencer is not open, when it is not.
    public var problem: String?

    public init(sequencer: Bool, connected: [String], problem: String? = nil) {
        self.sequencer = sequencer
        self.connected = connected
        self.problem = problem
    }
}

/// The sound part: the driver and device the config names, the device open or why none is, and
/// the sound cards present.
public struct SoundDevices: Sendable, Hashable, Codable {
    /// `audio.driver` (nil when the daemon runs without its audio part).
    public var driver: String?
    /// `audio.device`, as written.
    public var device: String?
    /// The device playing, or nil.
    public var open: String?
    /// Why no device plays, or nil when one does.
    public var problem: String?
    /// The sound cards present, by index.
    public var cards: [SoundCardEntry]

    public init(driver: String?, device: String?, open: String?, problem: String?, cards: [SoundCardEntry]) {
        self.driver = driver
        self.device = device
        self.open = open
        self.problem = problem
        self.cards = cards
    }
}

/// One ALSA sound card, as /proc/asound/cards lists it, and what the daemon makes of it.
public struct SoundCardEntry: Sendable, Hashable, Codable {
    /// The card's number (`hw:1` is card 1).
    public var index: Int
    /// Its id, what `hw:CARD=<id>` names.
    public var id: String
    public var driver: String
    public var name: String
    public var longName: String
    /// `audio.device` names this card.
    public var matches: Bool
    /// The sound plays on it now.
    public var inUse: Bool

    public init(index: Int, id: String, driver: String, name: String, longName: String, matches: Bool, inUse: Bool) {
        self.index = index
        self.id = id
        self.driver = driver
        self.name = name
        self.longName = longName
        self.matches = matches
        self.inUse = inUse
    }

    enum CodingKeys: String, CodingKey {
        case index, id, driver, name, matches
        case longName = "long_name"
        case inUse = "in_use"
    }
}
