import MusicTheory

/// What one sequencer event means to the trainer. Pure: an event in, a meaning out.
enum Translation: Sendable, Hashable {
    /// Something the student played.
    case message(MIDIMessage)
    /// Clients, ports or connections changed: the keyboards must be looked at again.
    case topologyChanged
    /// Nothing the trainer uses (clock, active sensing, program change, malformed values …).
    case ignored
}

extension SequencerEvent {
    /// The event's meaning: a note-on with velocity 0 is a note-off; clock and active sensing,
    /// values outside MIDI's 7-bit ranges and a wheel outside its 14 bits (−8192…8191) are ignored.
    var translation: Translation {
        switch kind {
        case .noteOn, .noteOff:
            guard let channel = MIDIChannel(validating: channel),
                  let note = try? MIDINote(validating: note),
                  (0...127).contains(velocity)
            else { return .ignored }
            if kind == .noteOn, velocity > 0 {
                return .message(.noteOn(channel: channel, note: note, velocity: velocity))
            }
            return .message(.noteOff(channel: channel, note: note, velocity: kind == .noteOn ? 0 : velocity))
        case .controller:
            guard let channel = MIDIChannel(validating: channel),
                  (0...127).contains(controller), (0...127).contains(value)
            else { return .ignored }
            return .message(.controlChange(channel: channel, controller: controller, value: value))
        case .pitchBend:
            guard let channel = MIDIChannel(validating: channel), MIDIMessage.pitchBendRange.contains(value) else { return .ignored }
            return .message(.pitchBend(channel: channel, value: value))
        case .clientStart, .clientExit, .clientChange, .portStart, .portExit, .portChange,
             .portSubscribed, .portUnsubscribed:
            return .topologyChanged
        case .clock, .activeSensing, .other:
            return .ignored
        }
    }
}
