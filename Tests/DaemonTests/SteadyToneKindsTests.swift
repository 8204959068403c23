import MusicTheory
import Testing
import Training

@testable import Daemon

/// The kinds that judge intonation (`compare`, `pure`, `match`) sound their prompts and what
/// follows a question on the steady tone, whatever the session's sound; the others on the
/// session's own. Every kind of the catalog is started and one question skipped.
@Suite("DaemonCore: the steady tone for the intonation kinds")
struct SteadyToneKindsTests {
    private static func exercise<Module: ExerciseModule>(of module: Module.Type) -> Exercise {
        Exercise(Module.defaults)
    }

    @Test("every prompt and reveal of compare, pure and match is steady; no other kind's is")
    func steadyKinds() async throws {
        var steadyKinds: Set<ExerciseKind> = []
        for module in ExerciseCatalog.all {
            let sound = RecordingSoundOutput()
            let core = DaemonCore(settings: TrainingSettings(soundSource: .cello), sound: sound, seed: 3)
            try await core.start(Self.exercise(of: module))
            _ = await core.skip()
            let phrases = sound.prompts.flatMap(\.phrases)
            try #require(!phrases.isEmpty, "\(module.kind) sounded nothing")
            let steady = phrases.filter(\.steady).count
            #expect(steady == 0 || steady == phrases.count, "\(module.kind): \(steady) of \(phrases.count) phrases steady")
            if steady > 0 { steadyKinds.insert(module.kind) }
            #expect(module.soundsSteady == (steady > 0), "\(module.kind)")
        }
        #expect(steadyKinds == [CompareExercise.kind, PureExercise.kind, MatchExercise.kind])
    }
}
