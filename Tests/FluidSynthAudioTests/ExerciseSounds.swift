import MusicTheory
import Training

/// What every exercise kind sounds, taken from the catalog rather than listed by hand: each
/// kind's default exercise runs a few questions in the engine, and each question's prompt and
/// revealed answer are kept. So a kind added later is swept too.
enum ExerciseSounds {
    /// One thing the audio sounds: the phrases of a prompt or a reveal, and which kind asked.
    struct Sound {
        let kind: ExerciseKind
        let phrases: [SoundPhrase]
    }

    /// Keeps every prompt's and every reveal's sounds.
    final class Collector: TrainingEventSink {
        var sounds: [[SoundPhrase]] = []

        func receive(_ event: TrainingEvent) {
            switch event.kind {
            case .prompt(let prompt): sounds.append(prompt.sounds)
            case .answerRevealed(let reveal): sounds.append(reveal.sounds)
            default: break
            }
        }
    }

    struct StillClock: TrainingClock {
        var now: Duration { .zero }
    }

    /// Each kind's defaults, plus the chord kind with four-note chords.
    static var exercises: [Exercise] {
        ExerciseCatalog.all.map { exercise(of: $0) }
            + [Exercise(ChordExercise(qualities: [.maj7, .dominant7, .minor7, .halfDiminished7, .diminished7]))]
    }

    private static func exercise<Module: ExerciseModule>(of module: Module.Type) -> Exercise {
        Exercise(Module.defaults)
    }

    /// `questions` questions of every exercise, prompt and reveal, with intervals sounded
    /// one after the other and together; sounds that repeat are kept once.
    static func all(questions: Int = 3, seed: UInt64 = 26) -> [Sound] {
        var found: [Sound] = []
        for harmonic in [false, true] {
            let settings = TrainingSettings(harmonicIntervals: harmonic, scaleModelAnswer: true)
            for exercise in exercises {
                let collector = Collector()
                let engine = TrainingEngine(settings: FixedSettings(settings), clock: StillClock(),
                                            random: SeededRandom(seed: seed), sink: collector)
                guard (try? engine.start(exercise)) != nil else { continue }
                for _ in 1..<questions { engine.perform(.skip) }
                engine.perform(.skip)
                for phrases in collector.sounds where !phrases.isEmpty
                    && !found.contains(where: { $0.kind == exercise.kind && $0.phrases == phrases }) {
                    found.append(Sound(kind: exercise.kind, phrases: phrases))
                }
            }
        }
        return found
    }
}
