import MusicTheory

/// One message from the keyboard, as the engine sees it: what happened and when it arrived.
///
/// The MIDI adapter maps its sequencer events to this type. `time` must come from the same
/// `TrainingClock` the engine was given, so that response times are differences of one clock.
public struct KeyboardEvent: Sendable {
    /// What the keyboard sent.
    public enum Kind: Sendable {
        /// A key went down. A velocity of 0 is a key release by MIDI convention.
        case noteOn(MIDINote, velocity: Int)
        /// A key went up.
        case noteOff(MIDINote, velocity: Int)
        /// A controller moved (64 is the sustain pedal); `value` is 0…127.
        case controlChange(controller: Int, value: Int)
        /// The pitch-bend wheel moved: −8192…8191, 0 centred (`PitchWheel`).
        case pitchBend(value: Int)
    }

    /// What the keyboard sent.
    public let kind: Kind
    /// Arrival time on the engine's clock.
    public let time: Duration

    /// An event that arrived at `time` on the engine's clock.
    public init(_ kind: Kind, at time: Duration) {
        self.kind = kind
        self.time = time
    }

    /// A key pressed at `time` (velocity 0 is a release, as MIDI defines).
    public static func noteOn(_ note: MIDINote, velocity: Int = 90, at time: Duration) -> KeyboardEvent {
        KeyboardEvent(.noteOn(note, velocity: velocity), at: time)
    }

    /// A key released at `time`.
    public static func noteOff(_ note: MIDINote, at time: Duration) -> KeyboardEvent {
        KeyboardEvent(.noteOff(note, velocity: 0), at: time)
    }

    /// A controller change at `time`.
    public static func controlChange(_ controller: Int, value: Int, at time: Duration) -> KeyboardEvent {
        KeyboardEvent(.controlChange(controller: controller, value: value), at: time)
    }

    /// The wheel at `value` (−8192…8191) at `time`.
    public static func pitchBend(_ value: Int, at time: Duration) -> KeyboardEvent {
        KeyboardEvent(.pitchBend(value: value), at: time)
    }

    /// The key pressed, if this is a note-on with a velocity above 0; everything else is not a note.
    public var pressedNote: MIDINote? {
        if case .noteOn(let note, let velocity) = kind, velocity > 0 { return note }
        return nil
    }
}

extension KeyboardEvent.Kind: Hashable, Codable {}

extension KeyboardEvent: Hashable, Codable {}
