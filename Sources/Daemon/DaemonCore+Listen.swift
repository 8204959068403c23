import MusicTheory
import Training

/// Notes the listening input heard: judged as keys are (`TrainingEngine.hear`), never sounded,
/// and never the daemon's own sound.
extension DaemonCore {
    /// How long the daemon's own sound is still heard after its last audible frame: a room's
    /// echo, and the input's own delay.
    static let ownSoundTail: Duration = .milliseconds(300)

    /// A note sung or bowed, of pitch `frequency`, that began at `onset`: handed to the engine at
    /// its onset on the core's clock. Left out while the menu is open, and when it began while
    /// the daemon's own sound could be heard (`SoundOutput.lastAudible`, and its tail).
    public func heard(_ frequency: Frequency, beganAt onset: ContinuousClock.Instant) {
        if let audible = sound.lastAudible, onset <= audible + Self.ownSoundTail {
            listening.ownSoundHeard()
            return
        }
        guard menu == nil, engine.isRunning else { return }
        let now = ContinuousClock.now
        engine.hear(HeardNote(frequency, at: clock.now - (now - onset)))
        listening.heard(afterMilliseconds: (now - onset).seconds * 1000)
        deliver()
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
