import MusicTheory
import Training

/// Notes and claps the listening input heard: judged as keys are (`TrainingEngine.hear`,
/// `TrainingEngine.tap`), never sounded, and never the daemon's own sound.
extension DaemonCore {
    /// How long the daemon's own sound is still heard after its last audible frame: a room's
    /// echo, and the input's own delay.
    static let ownSoundTail: Duration = .milliseconds(300)

    /// A note sung or bowed, of pitch `frequency`, that began at `onset`: handed to the engine at
    /// its onset on the core's clock. Left out while the menu is open, and when it began while
    /// the daemon's own sound could be heard (`SoundOutput.lastAudible`, and its tail).
    public func heard(_ frequency: Frequency, beganAt onset: ContinuousClock.Instant) {
        guard !isOwnSound(onset), menu == nil, engine.isRunning else { return }
        engine.hear(HeardNote(frequency, at: onEngineClock(onset)))
        listening.heard(afterMilliseconds: (ContinuousClock.now - onset).seconds * 1000)
        deliver()
    }

    /// A sung note ended: the centre of its stable part, `frequency`, from `onset` for `seconds`.
    /// The engine measures the note it judged last whole by it (`TrainingEngine.measure`).
    public func heardEnded(_ frequency: Frequency, beganAt onset: ContinuousClock.Instant, seconds: Double) {
        guard engine.isRunning else { return }
        engine.measure(HeardNote(frequency, at: onEngineClock(onset)), lasting: seconds)
        deliver()
    }

    /// An onset without pitch (a clap, a tap on the microphone) at `onset`: handed to the engine
    /// on the core's clock, for a question a tap answers (a rhythm, `TrainingEngine.tap`); for any
    /// other, not even counted. Left out as a note is: in the menu, and while the daemon's own
    /// sound could be heard.
    public func tapped(at onset: ContinuousClock.Instant) {
        guard menu == nil, engine.takesTaps, !isOwnSound(onset), engine.tap(at: onEngineClock(onset)) else { return }
        listening.tapped()
        deliver()
    }

    /// `instant` on the machine's monotonic clock, as a time on the core's clock (the engine's).
    private func onEngineClock(_ instant: ContinuousClock.Instant) -> Duration {
        clock.now - (ContinuousClock.now - instant)
    }

    /// Whether something that began at `onset` could be the daemon's own sound, its last audible
    /// frame and tail (`ownSoundTail`) after it; counted in `status` when it could.
    private func isOwnSound(_ onset: ContinuousClock.Instant) -> Bool {
        guard let audible = sound.lastAudible, onset <= audible + Self.ownSoundTail else { return false }
        listening.ownSoundHeard()
        return true
    }

    /// The input's level (dB of full scale) and pitch now, a reading of the input's own: kept for
    /// `status`, and sent to the `listen` topic when it shows something new, or a second after the
    /// last (`LiveTuner`).
    public func heardNow(level: Double, hertz: Double?) {
        listening.reading(level: level, hertz: hertz)
        guard let reading = tuner.reading(level: level, hertz: hertz, settings: settings.current, at: clock.now) else { return }
        fanOut.reading(reading, sessionSeconds: tracker.running ? (clock.now - tracker.startedAt).seconds : 0)
    }
}
