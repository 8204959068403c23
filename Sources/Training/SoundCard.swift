/// One ALSA sound card: its number, its id and names as the kernel gives them (what
/// /proc/asound/cards and `aplay -l` show). The sound edge (FluidSynthAudio) finds the card
/// `audio.device` names among these; the list itself comes from the ALSA target
/// (`SoundCard.present()` in ALSASequencer), so this plain value lives where both reach it.
public struct SoundCard: Sendable, Hashable {
    /// The card's number: `hw:1` is card 1.
    public var index: Int
    /// The card's id, what `hw:CARD=<id>` names (`PCH`, `Device`, `Loopback`).
    public var id: String
    /// The kernel driver (`HDA-Intel`, `USB-Audio`).
    public var driver: String
    /// The short name (`HDA Intel PCH`, `USB Audio Device`).
    public var name: String
    /// The long name (`C-Media Electronics Inc. USB Audio Device at usb-0000:00:14.0-2, full speed`).
    public var longName: String

    public init(index: Int, id: String, driver: String, name: String, longName: String) {
        self.index = index
        self.id = id
        self.driver = driver
        self.name = name
        self.longName = longName
    }
}

extension SoundCard: CustomStringConvertible {
    /// `1 Device 'USB Audio Device'`.
    public var description: String { "\(index) \(id) '\(name)'" }
}
