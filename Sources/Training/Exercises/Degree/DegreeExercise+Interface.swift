import MusicTheory

extension DegreeExercise {
    /// `eartrainctl start degree --quality minor --degrees 1,3,5`.
    public static var commandLine: ExerciseCommandLine {
        ExerciseCommandLine(
            abstract: "Hear a cadence that sets a key, then a note of its scale, and play the note.",
            options: [
                .init("quality", .text, choices: .named(Key.Quality.self), help: "major (I-IV-V-I, the default) or minor (i-iv-V-i)."),
                .init("root", .text, choices: .roots(random: true), help: "The tonic (default: random, a new one every --questions-per-key questions)."),
                .init("degrees", .list, choices: .numbers(1...7), help: "Comma-separated degrees 1-7 (default: all seven)."),
                .init("strict", .flag(.bool(true)), help: "Only the note in the octave heard counts (default: any octave)."),
                .init("tries", .number, choices: .numbers(ExerciseParams.triesRange), help: "Wrong answers before the note is shown."),
                .init("questions-per-key", key: "questions_per_key", .number, choices: .numbers(1...100), help: "Questions in one key before a random tonic changes (default 8)."),
                .init("cadence-each-question", key: "cadence_each_question", .flag(.bool(true)), help: "Sound the cadence before every question."),
                .init("cadence-on-new-key", key: "cadence_each_question", .flag(.bool(false)), help: "Sound the cadence only when the key changes (default: before every question)."),
                .init("no-adaptive", key: "adaptive", .flag(.bool(false)), help: "Ask every degree equally often."),
            ])
    }

    /// Major or minor, the degrees (sets a teacher would give), then the tonic played.
    public static var menuPages: [MenuPage] {
        [
            MenuPage(key: "quality", title: "key", input: .choices([
                MenuChoice(.string("major"), spoken: "major"), MenuChoice(.string("minor"), spoken: "minor"),
            ])),
            MenuPage(key: "degrees", title: "degrees", input: .choices([
                MenuChoice(.array([1, 3, 5].map { .number(Double($0)) }), spoken: "one, three and five"),
                MenuChoice(.array([1, 2, 3, 4, 5].map { .number(Double($0)) }), spoken: "one to five"),
                MenuChoice(.array((1...7).map { .number(Double($0)) }), spoken: "all seven"),
            ])),
            .root,
        ]
    }

    /// `degrees 1 3 5 in major from C3`.
    public static func statusSummary(_ status: StatusDetails, root: String) -> String {
        "degrees \(degreeList(status)) in \(status.quality) from \(root)"
    }

    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        "degrees \(degreeList(status)) in \(status.quality)"
    }

    /// `in C major: play the note you hear`.
    public static func watchQuestion(_ question: DegreeQuestion.Details) -> String {
        "in \(question.key): play the note you hear"
    }

    private static func degreeList(_ status: StatusDetails) -> String {
        status.degrees.map(String.init).joined(separator: " ")
    }
}
