import MusicTheory

/// What a student with only a keyboard can ask of the engine besides answering.
public enum ControlAction: String, Sendable, CaseIterable {
    /// Hear the prompt again.
    case repeatPrompt
    /// Hear only what sets the key again (the cadence): `RepeatPart.cadence`.
    case repeatCadence
    /// Hear only the question's notes again, without the cadence: `RepeatPart.notes`.
    case repeatNotes
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
        /// Three or more neighbouring keys struck together (a flat hand), on one side of middle C;
        /// no chord an exercise asks for is one (`KeyCluster`), so it never collides with an answer.
        case cluster(side: KeyCluster.Side)
        /// The pitch-bend wheel pushed all the way down or up (past `wheelThrow`), while the open
        /// question holds no note the wheel tunes (`match`'s).
        case wheel(direction: WheelDirection)
    }

    /// Which way the pitch-bend wheel is pushed.
    public enum WheelDirection: String, Sendable, Hashable, Codable {
        case down, up
    }

    /// How far the pitch-bend wheel must go, either way, to be a gesture: three quarters of its throw.
    public static let wheelThrow = 6144

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

    /// The modulation wheel's controller (CC 1): nearly every keyboard has the wheel.
    public static let modulationWheel = 1

    /// Gestures every keyboard can make, whatever its size and lowest key: the modulation wheel
    /// pushed up is the menu (a running session stops first, with its results), a cluster from
    /// middle C up repeats the prompt, a cluster below middle C skips. Any key begins the ready
    /// exercise while nothing runs, so no gesture is needed for that.
    /// The pitch-bend wheel, pushed all the way down, sounds the cadence again, and pushed up the
    /// notes (not while it tunes a held note).
    public static let gestures = KeyboardControls([
        Binding(.controller(number: modulationWheel), .menu),
        Binding(.cluster(side: .high), .repeatPrompt),
        Binding(.cluster(side: .low), .skip),
        Binding(.wheel(direction: .down), .repeatCadence),
        Binding(.wheel(direction: .up), .repeatNotes),
    ])

    /// The keys just below the note range (with the range starting at C2: B1 repeats, A1 skips,
    /// G1 stops, F1 begins, E1 is the menu, D1 sounds the cadence again and C1 the notes); they
    /// exist on 76- and 88-key keyboards only (D1 and C1 on an 88-key one).
    public static let keysBelowRange = KeyboardControls([
        Binding(.keyBelowRange(semitones: 1), .repeatPrompt),
        Binding(.keyBelowRange(semitones: 3), .skip),
        Binding(.keyBelowRange(semitones: 5), .stop),
        Binding(.keyBelowRange(semitones: 7), .newSession),
        Binding(.keyBelowRange(semitones: 8), .menu),
        Binding(.keyBelowRange(semitones: 10), .repeatCadence),
        Binding(.keyBelowRange(semitones: 12), .repeatNotes),
    ])

    /// The default: the gestures and the keys below the range, both. No pedal is bound: the
    /// sustain pedal holds the sound as on a piano.
    /// Ordered by action (repeat, the cadence, the notes, skip, stop, begin, menu), as the config
    /// file lists them.
    public static let standard = KeyboardControls(ControlAction.allCases.flatMap { action in
        (gestures.bindings + keysBelowRange.bindings).filter { $0.action == action }
    })

    /// Whether any cluster is bound: only then are keys held back to see whether they make one.
    public var bindsClusters: Bool {
        bindings.contains { if case .cluster = $0.trigger { true } else { false } }
    }

    /// The control a cluster on `side` means, if any.
    public func action(forCluster side: KeyCluster.Side) -> ControlAction? {
        bindings.first { $0.trigger == .cluster(side: side) }?.action
    }

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

    /// The control the pitch-bend wheel means when it moves from `before` to `after`: pushed past
    /// `wheelThrow` one way or the other, if that is bound; nil for any other move.
    public func action(forWheelFrom before: Int, to after: Int) -> ControlAction? {
        let direction: WheelDirection? = after <= -Self.wheelThrow && before > -Self.wheelThrow ? .down
            : after >= Self.wheelThrow && before < Self.wheelThrow ? .up : nil
        guard let direction else { return nil }
        return bindings.first { $0.trigger == .wheel(direction: direction) }?.action
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
