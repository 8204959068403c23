import MusicTheory
import Training

/// The keyboards' messages and the virtual keyboard's keys: each key sounds at once, then is read
/// as a control, a menu choice or an answer.
extension DaemonCore {
    /// One message from a keyboard: a pressed key sounds at once, tuned to the current root, until
    /// it comes up (or the sustain pedal, controller 64, lifts); then it is read as a control or
    /// handed to the menu or the engine (`GestureReader`: a key may wait up to its cluster window
    /// to be judged, never to sound). `age` is how long ago it arrived.
    public func keyboard(_ kind: KeyboardEvent.Kind, arrivedAt arrival: ContinuousClock.Instant) {
        // Its age read here, beside the core's own clock: the hop to the actor is no lateness.
        keyboard(kind, age: ContinuousClock.now - arrival)
    }

    /// The same for a message `age` old now.
    public func keyboard(_ kind: KeyboardEvent.Kind, age: Duration = .zero) {
        switch kind {
        case .noteOff(let note, _), .noteOn(let note, velocity: 0):
            sound.releaseKey(note)
        case .controlChange(controller: Self.sustainPedal, let value):
            sound.sustain(value >= 64)
        case .noteOn(let note, let velocity):
            if tracker.keysSound || menu != nil {
                sound.pressKey(note, velocity: velocity, root: tracker.currentRoot, settings: settings.current, arrivedAt: .now - age)
            }
        case .pitchBend(let value):
            held.move(to: value, sound: sound, rangeSemitones: settings.current.bendRangeSemitones)
        case .controlChange:
            break
        }
        read(KeyboardEvent(kind, at: clock.now - age))
    }

    /// The pitch-bend wheel from a client (`notes.bend`), as a keyboard's would move it: the held
    /// note follows, and a `match` answer reads it. `value` must be −8192…8191.
    public func bend(_ value: Int) {
        precondition(PitchWheel.values.contains(value), "a wheel value is -8192...8191")
        keyboard(.pitchBend(value: value))
    }

    /// Where the wheel is, as the sound last followed it.
    public var wheelPosition: Int { held.wheel }

    /// The sustain pedal's controller: it holds the sound of released keys, whatever control it is.
    static let sustainPedal = 64

    /// Reads one message through the gestures and acts on what it meant; while keys are held
    /// back, a flush is due at the gesture reader's deadline.
    func read(_ event: KeyboardEvent) {
        let outputs = gestures.take(event, controls: engine.controls, noteRange: settings.current.noteRange)
        act(on: outputs)
        scheduleGestureFlush()
    }

    private func act(on outputs: [GestureReader.Output]) {
        for output in outputs {
            switch output {
            case .control(let action, let time): control(action, at: time)
            case .event(let event): route(event)
            }
        }
    }

    /// Hands on what the gesture reader held back once its window has passed with no cluster.
    private func scheduleGestureFlush() {
        guard gestures.deadline != nil, gestureFlush == nil else { return }
        gestureFlush = Task { [window = GestureReader.clusterWindow] in
            try? await Task.sleep(for: window)
            self.flushGestures()
        }
    }

    /// Hands on what is held once the window has passed on the core's clock (the keys' own
    /// clock: a busy machine that wakes the timer early or late changes nothing); else waits on.
    private func flushGestures() {
        gestureFlush = nil
        guard let deadline = gestures.deadline else { return }
        guard clock.now >= deadline else {
            scheduleGestureFlush()
            return
        }
        act(on: gestures.flush())
    }

    /// A control: the menu's (the menu control, and every control while the menu is open), the
    /// ready exercise's (begin), or the engine's.
    private func control(_ action: ControlAction, at time: Duration) {
        if menu != nil {
            menuControl(action)
            return
        }
        if action == .menu {
            menuControlWhileClosed()
            return
        }
        if action == .newSession, let ready {
            try? start(ready, profile: sessionProfile)
            return
        }
        engine.perform(action, at: time)
        deliver()
    }

    /// A message that is no control: a key in the open menu chooses; with nothing running, a
    /// key begins the ready exercise (and is no answer: the question is sounded after it); else
    /// the engine takes it.
    private func route(_ event: KeyboardEvent) {
        if let note = event.pressedNote {
            if menu != nil {
                menuChoice(note)
                return
            }
            if let ready, !engine.isRunning {
                try? start(ready, profile: sessionProfile)
                return
            }
        }
        engine.handle(event)
        deliver()
    }

    /// The virtual keyboard: each note pressed and released, in order, as if played; each sounds
    /// for the note duration (it has no real hold). Returns the `seq` before the first report this
    /// caused and the last one's (equal when none).
    @discardableResult
    public func play(_ notes: [MIDINote], velocity: Int = 90) -> (after: Int, through: Int) {
        play(notes.map { [$0] }, velocity: velocity)
    }

    /// The same with keys held together: each group's keys are pressed at one instant, in the
    /// order given, then released together, before the next group.
    @discardableResult
    public func play(_ chords: [[MIDINote]], velocity: Int = 90) -> (after: Int, through: Int) {
        play(chords.map { TimedKeys($0, at: clock.now) }, velocity: velocity)
    }

    /// Groups of keys each pressed and released (or pressed, or released) at its own time on the
    /// core's clock, as read; a key held sounds until it is released.
    func play(_ groups: [TimedKeys], velocity: Int) -> (after: Int, through: Int) {
        let before = fanOut.sequence
        for group in groups {
            if group.touch != .released {
                for note in group.keys {
                    if tracker.keysSound {
                        if group.touch == .pressed {
                            sound.pressKey(note, velocity: velocity, root: tracker.currentRoot, settings: settings.current, arrivedAt: .now)
                        } else {
                            sound.playKey(note, velocity: velocity, root: tracker.currentRoot, settings: settings.current, arrivedAt: .now)
                        }
                    }
                    read(KeyboardEvent(.noteOn(note, velocity: velocity), at: group.time))
                }
            }
            guard group.touch != .pressed else { continue }
            for note in group.keys {
                if group.touch == .released { sound.releaseKey(note) }
                read(KeyboardEvent(.noteOff(note, velocity: 0), at: group.time))
            }
        }
        return (before, fanOut.sequence)
    }
}
