import MusicTheory

extension IntervalExercise {
    /// `eartrainctl start interval --root C3 --intervals m3,P5 --descending`.
    public static var commandLine: ExerciseCommandLine {
        ExerciseCommandLine(
            abstract: "Play the note an interval away from a sounded root.",
            options: [
                .init("root", .text, choices: .roots(random: true), help: "The root (default: random roots within the note range)."),
                .init("intervals", .list, choices: intervalChoices, help: "Comma-separated intervals, e.g. m3,P5 (default: the eleven within the octave, m2 to M7)."),
                .init("extended", .flag(.bool(true)), help: "Add P8 m9 M9 P11 A11 m13 M13."),
                .init("descending", key: "direction", .flag(.string(IntervalDirection.descending.rawValue)), help: "Intervals below the root."),
                .init("tries", .number, choices: .numbers(requestTriesRange), help: "Wrong tries before the answer is shown."),
                .init("no-adaptive", key: "adaptive", .flag(.bool(false)), help: "Ask every interval equally often."),
                .init("no-echo", key: "echo_answer", .flag(.bool(false)), help: "Do not sound the root then the answer after a right answer."),
            ])
    }

    /// The intervals a session asks: the eleven within the octave, then what `--extended` adds.
    static let intervalChoices: [ExerciseCommandLine.Option.Choice] =
        .intervals(intervalsWithinOctave, group: "within the octave") + .intervals(extensionIntervals, group: "beyond the octave")
}
