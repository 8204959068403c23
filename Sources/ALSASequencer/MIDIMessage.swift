import MusicTheory

/// A MIDI channel, stored 0…15 as on the wire and shown 1…16 as musicians count.
public struct MIDIChannel: Sendable, Hashable {
    public static let validRange = 0...15

    /// The channel as on the wire, 0…15.
    public let rawValue: Int

    /// A channel the program itself computed; outside 0…15 is a programmer error.
    public init(_ rawValue: Int) {
        precondition(Self.validRange.contains(rawValue), "MIDI channel must be 0...15, got \(rawValue)")
        self.rawValue = rawValue
    }

    /// A channel from outside input; nil outside 0…15.
    public init?(validating rawValue: Int) {
        guard Self.validRange.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }
}

extension MIDIChannel: CustomStringConvertible {
    public var description: String { "ch\(rawValue + 1)" }
}

/// What a keyboard played, as the trainer cares about it.
public enum MIDIMessage: Sendable, Hashable {
    /// A key went down; `velocity` is 1…127 (a velocity-0 note-on arrives as `noteOff`).
    case noteOn(channel: MIDIChannel, note: MIDINote, velocity: Int)
    /// A key came up; `velocity` is the release velocity, 0…127 (often 0 or 64).
    case noteOff(channel: MIDIChannel, note: MIDINote, velocity: Int)
    /// A controller moved, e.g. the sustain pedal (64), sostenuto (66) or soft pedal (67); value 0…127.
    case controlChange(channel: MIDIChannel, controller: Int, value: Int)
    /// The pitch-bend wheel moved: −8192 (all the way down) … 0 (centre, where it springs back) … 8191.
    case pitchBend(channel: MIDIChannel, value: Int)

    /// The wheel's 14 bits as the sequencer gives them, centred on 0.
    public static let pitchBendRange = -8192...8191
}

extension MIDIMessage: CustomStringConvertible {
    public var description: String {
        switch self {
        case let .noteOn(channel, note, velocity): "note-on \(channel) \(note.rawValue) vel \(velocity)"
        case let .noteOff(channel, note, velocity): "note-off \(channel) \(note.rawValue) vel \(velocity)"
        case let .controlChange(channel, controller, value): "cc \(channel) \(controller)=\(value)"
        case let .pitchBend(channel, value): "bend \(channel) \(value)"
        }
    }
}
