import ALSASequencer
import Daemon
import Training

extension KeyboardStatus {
    /// What `status` says of the ALSA input.
    init(_ status: InputStatus) {
        switch status {
        case .starting:
            self.init(sequencerOpen: false, keyboards: [], problem: "opening the ALSA sequencer")
        case .noSequencer(let error):
            self.init(sequencerOpen: false, keyboards: [], problem: "\(error); retrying")
        case .listening(let keyboards):
            self.init(sequencerOpen: true, keyboards: keyboards.map(\.clientName))
        }
    }
}

extension MIDIMessage {
    /// The engine's view of a message: the channel does not matter to an exercise.
    var keyboardKind: KeyboardEvent.Kind {
        switch self {
        case .noteOn(_, let note, let velocity): .noteOn(note, velocity: velocity)
        case .noteOff(_, let note, let velocity): .noteOff(note, velocity: velocity)
        case .controlChange(_, let controller, let value): .controlChange(controller: controller, value: value)
        case .pitchBend(_, let value): .pitchBend(value: value)
        }
    }
}
