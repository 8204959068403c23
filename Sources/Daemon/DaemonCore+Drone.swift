import MusicTheory
import Training

/// The tonic drone (`training.drone`): each question of a kind that takes one
/// (`ExerciseModule.takesDrone`) sounds it on its tuning root's pitch class, in the
/// low or high part of the note range, tuned as the question is; it changes only when that pitch
/// changes, and ends with the session or at a question of another kind. With a listening input
/// there is none: the tracker would hear a steady tonic as a sung note.
extension DaemonCore {
    /// Sets the drone an event asks for, when it differs from the one sounding.
    func updateDrone(_ event: TrainingEvent) {
        let wanted: Frequency?
        switch event.kind {
        case .prompt(let prompt) where !prompt.isRepeat: wanted = Self.drone(for: prompt, listening: listening.status != nil)
        case .sessionEnded: wanted = nil
        default: return
        }
        guard wanted != drone else { return }
        drone = wanted
        sound.drone(wanted)
    }

    /// The drone under `prompt`'s question, nil when it takes none.
    static func drone(for prompt: Prompt, listening: Bool) -> Frequency? {
        let settings = prompt.settings
        guard !listening, ExerciseCatalog.module(named: prompt.question.kind.rawValue)?.takesDrone == true,
              let root = prompt.question.shown.tuningRoot, let key = settings.drone.key(for: root, in: settings.noteRange) else { return nil }
        return settings.tuningSystem.frequency(of: key, root: root, reference: settings.referencePitch)
    }
}
