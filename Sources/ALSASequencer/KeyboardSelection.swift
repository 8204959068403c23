/// The rules that decide which sequencer ports are keyboards to listen to. Pure: ports in, ports out.
public struct KeyboardSelection: Sendable, Hashable {
    /// Our own client id; its ports are never keyboards.
    public var ownClient: Int
    /// When not empty, only ports matching one of these patterns are chosen.
    public var patterns: [KeyboardPattern]

    public init(ownClient: Int, patterns: [KeyboardPattern] = []) {
        self.ownClient = ownClient
        self.patterns = patterns
    }

    /// Why a port is not a keyboard, or nil when it is one.
    public func rejection(of port: PortInfo) -> Rejection? {
        if port.address.client == ownClient { return .ownClient }
        if port.address.client == PortAddress.systemClient { return .system }
        if port.clientName == "Midi Through" { return .midiThrough }
        if port.capabilities.contains(.noExport) { return .noExport }
        if !port.capabilities.isSuperset(of: [.read, .subscribeRead]) { return .notReadable }
        if !port.type.contains(.midiGeneric) { return .notMIDI }
        if !patterns.isEmpty, !patterns.contains(where: { $0.matches(port) }) { return .notConfigured }
        return nil
    }

    /// The keyboards among `ports`: hardware first, then by address.
    public func keyboards(among ports: [PortInfo]) -> [PortInfo] {
        ordered(ports.filter { rejection(of: $0) == nil })
    }

    /// `ports` hardware first, then by address.
    public func ordered(_ ports: [PortInfo]) -> [PortInfo] {
        ports.sorted { lhs, rhs in
            let lhsHardware = lhs.type.contains(.hardware)
            let rhsHardware = rhs.type.contains(.hardware)
            if lhsHardware != rhsHardware { return lhsHardware }
            return lhs.address < rhs.address
        }
    }

    /// Why a port was not chosen.
    public enum Rejection: Sendable, Hashable {
        case ownClient, system, midiThrough, noExport, notReadable, notMIDI, notConfigured
    }
}
