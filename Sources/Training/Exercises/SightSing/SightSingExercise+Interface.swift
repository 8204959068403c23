import MusicTheory

extension SightSingExercise {
    public static let abstract = "Read a short melody from the staff and sing it (or play it), its key set by a cadence."

    /// `eartrainctl start sight-sing --length 5 --mode aeolian`, `[training.sight-sing]`, `session.start`.
    public static let declaredOptions = KindOptions<SightSingExercise>([
        NumberOption("length", \.length, in: lengths, help: "Notes in a melody, 3-8 (default 4)."),
        // Any mode with a key: `validate` refuses the chromatic scale.
        ParsedOption("mode", \.mode, choices: .modes(Mode.allCases.filter { $0 != .chromatic }), parse: { text throws(TheoryError) in try Mode(parsing: text) },
                     help: "The scale the melody is made of (default: ionian)."),
        RootOption(\.root, help: "The key's tonic (default: random, a new one every 4 melodies)."),
        MatchingOption(\.matching, refusingInDirection: "in-direction is for scales; a melody takes pitch-class or exact-octave",
                       help: "Only the octave written counts (default: any octave, as a voice sings it)."),
        FlagOption("tritones", \.tritones, help: "Let melodies leap a tritone (default: never)."),
        TriesOption(\.triesBeforeReveal, help: "Wrong attempts before the melody sounds and is shown."),
    ])

    /// The length, the mode, then the tonic played.
    public static var menuPages: [MenuPage] {
        [
            MenuPage(key: "length", title: "notes", input: .choices([3, 4, 5, 6, 8].map {
                MenuChoice(.number(Double($0)), spoken: "\($0) notes")
            })),
            MenuPage(key: "mode", title: "mode", input: .choices(["ionian", "aeolian", "dorian", "mixolydian"].map {
                MenuChoice(.string($0), spoken: $0)
            })),
            .root,
        ]
    }

    /// `sight-singing 4 notes in ionian from C3`.
    public static func statusSummary(_ status: StatusDetails, root: String) -> String {
        "sight-singing \(status.length) notes in \(status.mode) from \(root)"
    }

    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        "sight-singing \(status.length) notes in \(status.mode)"
    }

    /// `in C ionian: sing E3 D3 C3 D3`.
    public static func watchQuestion(_ question: SightSingQuestion.Details) -> String {
        "in \(question.key): sing \(question.notes.joined(separator: " "))"
    }

    /// Beside the root on the watch screen: the melody to sing, `in C ionian: sing E3 D3 C3 D3`.
    public static func watchDetail(_ question: SightSingQuestion.Details?, prompt: String?) -> String? {
        question.map(watchQuestion)
    }

    public static var countsNotes: Bool { true }

    /// The melody is on the staff: a wrong note may name the one written.
    public static var showsExpectedWhileOpen: Bool { true }
}
