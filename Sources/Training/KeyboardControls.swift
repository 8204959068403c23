import MusicTheory

/// What a student with only a keyboard can ask of the engine besides answering.
public enum ControlAction: String, Sendable, CaseIterable {
    /// Hear the prompt again.
    case repeatPrompt
    /// Give up the question (or the rest of the scale) and go on.
    case skip
    /// End the session and get the results.
    case stop
    /// Start a new session with the last exercise and the current settings.
    case newSession
    /// Open the keyboard menu; inside it, go to the next page (past the last, start the session).
    /// The daemon handles it (`KeyboardMenu`); the engine alone does nothing with it.
    case menu
}

extension ControlAction: Hashable, Codable {}

/// Which keys and pedals mean which control; see `docs/keyboard-controls.md`.
public struct KeyboardControls: Sendable {
    /// What sets a control off.
    public enum Trigger: Sendable {
        /// A controller pressed past half way (value 64 or more after being below): 64 is the
        /// sustain pedal, 66 sostenuto, 67 the soft pedal.
        case controller(number: Int)
        /// One fixed key.
        case key(note: MIDINote)
        /// The key this many semitones below the lowest note of the note range, so that it moves
        /// with the range and never collides with an answer.
        case keyBelowRange(semitones: Int)
    }

    /// One trigger and its action.
    public struct Binding: Sendable {
        /// What sets it off.
        public var trigger: Trigger
        /// What it does.
        public var action: ControlAction

        /// `trigger` does `action`.
        public init(_ trigger: Trigger, _ action: ControlAction) {
            self.trigger = trigger
            self.action = action
        }
    }

    /// The bindings, first match wins.
    public var bindings: [Binding]

    /// Controls bound as given.
    public init(_ bindings: [Binding]) {
        self.bindings = bindings
    }

    /// No controls: every key is an answer.
    public static let none = KeyboardControls([])

    /// The default: with the range starting at C2, B1 repeats, A1 skips, G1 stops, F1 starts a
    /// new session and E1 opens the keyboard menu (the white keys just below the range). No pedal is bound: the sustain pedal
    /// holds the sound as on a piano.
    public static let standard = KeyboardControls([
        Binding(.keyBelowRange(semitones: 1), .repeatPrompt),
        Binding(.keyBelowRange(semitones: 3), .skip),
        Binding(.keyBelowRange(semitones: 5), .stop),
        Binding(.keyBelowRange(semitones: 7), .newSession),
        Binding(.keyBelowRange(semitones: 8), .menu),
    ])

    /// The control a pressed key means, if any, with the note range in force.
    public func action(forKey key: MIDINote, noteRange: ClosedRange<MIDINote>) -> ControlAction? {
        for binding in bindings {
            switch binding.trigger {
            case .key(let bound) where bound == key:
                return binding.action
            case .keyBelowRange(let semitones) where noteRange.lowerBound.rawValue - semitones == key.rawValue:
                return binding.action
            default:
                continue
            }
        }
        return nil
    }

    /// The control a controller means when it is pressed, if any.
    public func action(forController controller: Int) -> ControlAction? {
        for binding in bindings {
            if case .controller(let bound) = binding.trigger, bound == controller { return binding.action }
        }
        return nil
    }
}

extension KeyboardControls.Trigger: Hashable, Codable {}

extension KeyboardControls.Binding: Hashable, Codable {}

extension KeyboardControls: Hashable, Codable {}
