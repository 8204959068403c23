import MusicTheory

extension ScaleExercise {
    /// `session.start`'s `mode`, `root`, `strict`, `random_root`, `random_mode` and `direction`.
    public static func options(from params: ExerciseParams, over base: ScaleExercise) throws(ExerciseParams.Refusal) -> ScaleExercise {
        let mode = try params.parsed("mode") { text throws(TheoryError) in try Mode(parsing: text) } ?? base.mode
        let root = try params.parsed("root") { text throws(TheoryError) in try RootNote(parsing: text) } ?? base.root
        _ = try ExerciseParams.theory { () throws(TheoryError) in try root.scale(mode) }
        return ScaleExercise(
            mode: mode, root: root, matching: try params.bool("strict").map { $0 ? .exactOctave : .pitchClass } ?? base.matching,
            newRandomRootEachRound: try params.bool("random_root") ?? base.newRandomRootEachRound,
            newRandomModeEachRound: try params.bool("random_mode") ?? base.newRandomModeEachRound,
            direction: try params.choice("direction", ScaleDirection.self) ?? base.direction)
    }

    /// `[training.scale]`: `mode`, `root`, `matching`, `random_root_each_round`, `random_mode_each_round`, `direction`.
    public static func options<Reader: ExerciseOptionsReader>(reading reader: inout Reader) throws(Reader.Failure) -> ScaleExercise {
        let d = defaults
        let options = ScaleExercise(
            mode: try reader.parsed("mode", d.mode) { try Mode(parsing: $0) },
            root: try reader.parsed("root", d.root) { try RootNote(parsing: $0) },
            matching: try reader.parsed("matching", d.matching, AnswerMatching.init(choosing:)),
            newRandomRootEachRound: try reader.bool("random_root_each_round", d.newRandomRootEachRound),
            newRandomModeEachRound: try reader.bool("random_mode_each_round", d.newRandomModeEachRound),
            direction: try reader.parsed("direction", d.direction, ScaleDirection.init(choosing:))
        )
        // The engine refuses a scale it cannot spell; refuse it here, where the file and line are known.
        do {
            _ = try options.root.scale(options.mode)
        } catch {
            throw reader.invalid("root", "\(options.root) \(options.mode) cannot be spelled: \(error)")
        }
        return options
    }
}
