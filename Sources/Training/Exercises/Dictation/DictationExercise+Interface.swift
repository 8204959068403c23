import MusicTheory

extension DictationExercise {
    public static let abstract = "Hear a short melody from a shown first note, and play it back."

    /// `eartrainctl start dictation --length 5 --mode dorian`, `[training.dictation]`, `session.start`.
    public static let declaredOptions = KindOptions<DictationExercise>([
        NumberOption("length", \.length, in: lengths, help: "Notes in a melody, 3-8 (default 4)."),
        // Any mode with a key: `validate` refuses the chromatic scale.
        ParsedOption("mode", \.mode, choices: .modes(Mode.allCases.filter { $0 != .chromatic }), parse: { text throws(TheoryError) in try Mode(parsing: text) },
                     help: "The scale the melody is made of (default: ionian)."),
        RootOption(\.root, help: "The key's tonic (default: random)."),
        MatchingOption(\.matching, anyOctave: true, refusingInDirection: "in-direction is for scales; a melody takes exact-octave or pitch-class",
                     help: "Take each note in any octave (default: the octave heard)."),
        FlagOption("tritones", \.tritones, help: "Let melodies leap a tritone (default: never)."),
        TriesOption(\.triesBeforeReveal, help: "Wrong attempts before the melody is shown."),
        RhythmFlagOption(),
        RhythmTiming.tempoOption.within(\.timing),
        RhythmTiming.meterOption.within(\.timing),
        RhythmTiming.levelOption.within(\.timing),
        RhythmTiming.toleranceOption.within(\.timing),
        TextOption("library", \.library, choices: .named(MelodyCollection.self), parse: { text throws(ExerciseParams.Refusal) in
            do { return try MelodyCollection(choosing: text) } catch { throw ExerciseParams.Refusal("\(error)") }
        }, help: "Take the melodies from the ones eartrainer ships (folk, chorale or all) or from your own scores ([training.library] paths: own), at --level or below (docs/material.md)."),
        PathsOption("from", \.from, help: "Take the melodies from scores: MusicXML (.musicxml, .xml, .mxl) or MIDI files, or folders of them."),
        TextOption.scorePart(\.part),
        TextOption("bars", \.bars, choices: ["1", "2", "1-2", "2-4", "1-4"].map { .init($0) }, parse: ScoreRequest.bars(parsing:),
                   help: "With --from: the bars a phrase spans, 2 or 1-4 (default 1-2)."),
        FlagOption("keep-key", \.keepKey, help: "With --from: leave out a phrase that fits the note range only in another key (default: transpose it)."),
    ])

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
        if let scores = status.scores { return scores }
        return "melodies of \(status.length) notes in \(status.mode) from \(root)"
            + (status.rhythm == true ? ", in time: \(status.meter?.rawValue ?? "") at \(status.tempo.map(String.init) ?? "") BPM" : "")
    }

    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        if let scores = status.scores { return scores }
        return "melodies of \(status.length) notes in \(status.mode)"
    }

    /// `in C ionian from E4: play the melody (4 notes)`.
    public static func watchQuestion(_ question: DictationQuestion.Details) -> String {
        "in \(question.key) from \(question.first): play the melody"
            + (question.tempo.map { " in time, \(question.meter?.rawValue ?? "") at \($0) BPM" } ?? "")
    }

    public static var countsNotes: Bool { true }
}
