import Training

/// One entry of the configuration's keyboard list: a port address or a piece of a name.
public enum KeyboardPattern: Sendable, Hashable {
    /// Exactly this `client:port`.
    case address(PortAddress)
    /// Any port whose client or port name contains this text, ignoring case (`NamePattern`, the
    /// rule `audio.device` finds sound cards by).
    case name(String)

    /// Reads `20:0` as an address and anything else as a name.
    public init(parsing text: String) {
        if let address = PortAddress(parsing: text) {
            self = .address(address)
        } else {
            self = .name(text)
        }
    }

    /// Whether `port` is one this pattern names.
    public func matches(_ port: PortInfo) -> Bool {
        switch self {
        case let .address(address):
            return port.address == address
        case let .name(text):
            return NamePattern(text).matches(port.clientName, port.portName)
        }
    }
}

extension KeyboardPattern: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .address(address): address.description
        case let .name(text): text
        }
    }
}
