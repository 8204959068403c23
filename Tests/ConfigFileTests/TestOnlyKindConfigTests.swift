import ConfigFile
import MusicTheory
import Testing
import Training

/// A kind that lives only in this test: one option, `tempo`, in its `[training.metronome]`.
private struct MetronomeExercise: ExerciseModule {
    typealias Question = MetronomeQuestion
    static let kind = ExerciseKind(declaring: "metronome")
    static var defaults: MetronomeExercise { MetronomeExercise(tempo: 60) }
    var tempo: Int

    static func options(from params: ExerciseParams, over base: MetronomeExercise) throws(ExerciseParams.Refusal) -> MetronomeExercise {
        MetronomeExercise(tempo: try params.int("tempo") ?? base.tempo)
    }

    static func options<Reader: ExerciseOptionsReader>(reading section: inout Reader) throws(Reader.Failure) -> MetronomeExercise {
        MetronomeExercise(tempo: try section.int("tempo", defaults.tempo, in: 20...300))
    }

    func validate() throws(TrainingError) {}
    var summary: String { "metronome at \(tempo)" }
    var statusRoot: String { "C4" }
    var sessionColumns: SessionColumns { SessionColumns() }
    func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        OpenMetronome()
    }
}

private struct MetronomeQuestion: ExerciseQuestion {
    static var kind: ExerciseKind { MetronomeExercise.kind }
    var title: String { "tick" }
    var ask: String { "play C4" }
    var text: String { "play C4" }
    var root: SpelledNote { MIDINote(60).spelled }
    var tuningRoot: MIDINote? { MIDINote(60) }
    var details: NoDetails { NoDetails() }
    var answerColumns: AnswerColumns { AnswerColumns(root: "C") }
    func wrongTryPlace(_ played: MIDINote, drawn: Int) -> SpelledNote { played.spelled }
}

private struct OpenMetronome: OpenQuestion {
    var question: any ExerciseQuestion { MetronomeQuestion() }
    var sounds: [SoundPhrase] { [SoundPhrase([MIDINote(60)])] }
    var staff: Staff { Staff() }
    mutating func press(_ note: MIDINote, velocity: Int, context: inout QuestionContext) -> QuestionStep { QuestionStep() }
    mutating func skip(context: inout QuestionContext) -> QuestionStep { QuestionStep(finished: true) }
}

/// The config file reads every kind of the catalog the same way: a test-only kind's section and
/// its name in `training.exercise` need nothing in Configuration.
@Suite("A test-only kind's config section")
struct TestOnlyKindConfigTests {
    static let file = "/etc/eartrainer/eartrainer.toml"

    @Test("its section is read by its module, and its name chosen, while it is in the catalog")
    func section() throws {
        let text = "[training]\nexercise = \"metronome\"\n\n[training.metronome]\ntempo = 90\n"
        #expect(throws: (any Error).self) { try ConfigLoader.parse(text, file: Self.file) }
        try ExerciseCatalog.$added.withValue([MetronomeExercise.self]) {
            let training = try ConfigLoader.parse(text, file: Self.file).training
            #expect(training.exercise == MetronomeExercise.kind)
            #expect(training.defaultExercise == Exercise(MetronomeExercise(tempo: 90)))
            #expect(training.exercises[.scale] == Exercise(ScaleExercise.defaults))
        }
    }

    @Test("its refusals name the file, the line and the key, as every section's do")
    func refusals() {
        ExerciseCatalog.$added.withValue([MetronomeExercise.self]) {
            for (text, line, key) in [
                ("[training.metronome]\ntempo = 400\n", 2, "training.metronome.tempo"),
                ("[training.metronome]\ntempo = 90\nswing = true\n", 3, "training.metronome.swing"),
            ] {
                do {
                    _ = try ConfigLoader.parse(text, file: Self.file)
                    Issue.record("accepted \(text)")
                } catch let error as ConfigError {
                    #expect(error.line == line && error.key == key, "\(error)")
                } catch {
                    Issue.record("\(error)")
                }
            }
        }
    }
}
