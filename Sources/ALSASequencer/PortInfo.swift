import CALSA

/// What a sequencer port allows (`snd_seq_port_info_get_capability`).
public struct PortCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Others may read events from it.
    public static let read = Self(rawValue: UInt32(SND_SEQ_PORT_CAP_READ))
    /// Others may write events to it.
    public static let write = Self(rawValue: UInt32(SND_SEQ_PORT_CAP_WRITE))
    /// Others may subscribe to read from it.
    public static let subscribeRead = Self(rawValue: UInt32(SND_SEQ_PORT_CAP_SUBS_READ))
    /// Others may subscribe to write to it.
    public static let subscribeWrite = Self(rawValue: UInt32(SND_SEQ_PORT_CAP_SUBS_WRITE))
    /// Its owner asks not to be connected automatically.
    public static let noExport = Self(rawValue: UInt32(SND_SEQ_PORT_CAP_NO_EXPORT))
}

/// What kind of thing a sequencer port is (`snd_seq_port_info_get_type`).
public struct PortType: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// It speaks general MIDI messages.
    public static let midiGeneric = Self(rawValue: UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC))
    /// It is a hardware device (a USB keyboard's kernel port).
    public static let hardware = Self(rawValue: UInt32(SND_SEQ_PORT_TYPE_HARDWARE))
    /// It is a software port (e.g. "Midi Through", snd-virmidi).
    public static let software = Self(rawValue: UInt32(SND_SEQ_PORT_TYPE_SOFTWARE))
    /// It belongs to an application.
    public static let application = Self(rawValue: UInt32(SND_SEQ_PORT_TYPE_APPLICATION))
    /// It is a port of a physical or virtual MIDI device.
    public static let port = Self(rawValue: UInt32(SND_SEQ_PORT_TYPE_PORT))
}

/// One sequencer port as a snapshot: where it is, whose it is, what it can do.
public struct PortInfo: Sendable, Hashable {
    public let address: PortAddress
    public let clientName: String
    public let portName: String
    public let capabilities: PortCapabilities
    public let type: PortType

    public init(
        address: PortAddress, clientName: String, portName: String,
        capabilities: PortCapabilities, type: PortType
    ) {
        self.address = address
        self.clientName = clientName
        self.portName = portName
        self.capabilities = capabilities
        self.type = type
    }
}

extension PortInfo: CustomStringConvertible {
    public var description: String { "\(address) \"\(clientName)\" / \"\(portName)\"" }
}
