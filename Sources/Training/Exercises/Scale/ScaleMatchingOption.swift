import MusicTheory

/// How a round's notes are taken: `--strict` (the param `strict`: the exact octave, or false for
/// any octave), the config's `matching` (`pitch-class`, `exact-octave` or `in-direction`).
struct ScaleMatchingOption: KindOption {
    let commandLine = ExerciseCommandLine.Option("strict", .flag(.bool(true)), help: "Only the note in the octave asked counts (default: any octave).")
    var configKey: String { "matching" }

    func apply(_ params: ExerciseParams, to options: inout ScaleExercise) throws(ExerciseParams.Refusal) {
        if let strict = try params.bool(commandLine.key) { options.matching = strict ? .exactOctave : .pitchClass }
    }

    func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout ScaleExercise) throws(Reader.Failure) {
        options.matching = try reader.parsed(configKey, options.matching, AnswerMatching.init(choosing:))
    }
}
