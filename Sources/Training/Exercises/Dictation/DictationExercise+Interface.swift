import MusicTheory

extension DictationExercise {
    /// `eartrainctl start dictation --length 5 --mode dorian`.
    public static var commandLine: ExerciseCommandLine {
        ExerciseCommandLine(
            abstract: "Hear a short melody from a shown first note, and play it back.",
            options: [
                .init("length", .number, choices: .numbers(lengths), help: "Notes in a melody, 3-8 (default 4)."),
                // Any mode with a key: `validate` refuses the chromatic scale.
                .init("mode", .text, choices: .modes(Mode.allCases.filter { $0 != .chromatic }), help: "The scale the melody is made of (default: ionian)."),
                .init("root", .text, choices: .roots(random: true), help: "The key's tonic (default: random)."),
                .init("any-octave", key: "strict", .flag(.bool(false)), help: "Take each note in any octave (default: the octave heard)."),
                .init("tritones", .flag(.bool(true)), help: "Let melodies leap a tritone (default: never)."),
                .init("tries", .number, choices: .numbers(ExerciseParams.triesRange), help: "Wrong attempts before the melody is shown."),
                .init("rhythm", .flag(.bool(true)), help: "Melodies with their rhythm, after a bar of count-in; judged on the onsets too (default: pitches only)."),
                RhythmTiming.tempoOption.commandLine,
                RhythmTiming.meterOption.commandLine,
                RhythmTiming.levelOption.commandLine,
                RhythmTiming.toleranceOption.commandLine,
            ])
    }

    /// The length, the mode, pitches alone or with their rhythm, then the tonic played.
    public static var menuPages: [MenuPage] {
        [
            MenuPage(key: "length", title: "notes", input: .choices([3, 4, 5, 6, 8].map {
                MenuChoice(.number(Double($0)), spoken: "\($0) notes")
            })),
            MenuPage(key: "mode", title: "mode", input: .choices(["ionian", "aeolian", "dorian", "mixolydian"].map {
                MenuChoice(.string($0), spoken: $0)
            })),
            MenuPage(key: "rhythm", title: "rhythm", input: .choices([
                MenuChoice(.bool(false), spoken: "pitches only"), MenuChoice(.bool(true), spoken: "with its rhythm"),
            ])),
            .root,
        ]
    }

    /// `melodies of 4 notes in ionian from C3`.
    public static func statusSummary(_ status: StatusDetails, root: String) -> String {
        "melodies of \(status.length) notes in \(status.mode) from \(root)"
            + (status.rhythm == true ? ", in time: \(status.meter?.rawValue ?? "") at \(status.tempo.map(String.init) ?? "") BPM" : "")
    }

    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        "melodies of \(status.length) notes in \(status.mode)"
    }

    /// `in C ionian from E4: play the melody (4 notes)`.
    public static func watchQuestion(_ question: DictationQuestion.Details) -> String {
        "in \(question.key) from \(question.first): play the melody"
            + (question.tempo.map { " in time, \(question.meter?.rawValue ?? "") at \($0) BPM" } ?? "")
    }

    public static var countsNotes: Bool { true }
}
