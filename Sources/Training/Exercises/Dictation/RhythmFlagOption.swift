import MusicTheory

/// `rhythm`: melodies with their rhythm. In params a tempo, a meter, a level or a tolerance asks
/// for it too, unless `rhythm` is false, which refuses them.
struct RhythmFlagOption: KindOption {
    let commandLine = ExerciseCommandLine.Option(
        "rhythm", .flag(.bool(true)), help: "Melodies with their rhythm, after a bar of count-in; judged on the onsets too (default: pitches only).")
    var configKey: String { commandLine.key }

    func apply(_ params: ExerciseParams, to options: inout DictationExercise) throws(ExerciseParams.Refusal) {
        let timed = RhythmTiming.declaredOptions.commandLine.map(\.key).first { (params.values[$0] ?? .null) != .null }
        options.rhythm = try params.bool(commandLine.key) ?? (timed != nil || options.rhythm)
        if !options.rhythm, let timed { throw ExerciseParams.Refusal("\(timed) is for a melody with its rhythm, which rhythm false turns off") }
    }

    func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout DictationExercise) throws(Reader.Failure) {
        options.rhythm = try reader.bool(configKey, options.rhythm)
    }
}
