import MusicTheory

extension DegreeExercise {
    public static let abstract = "Hear a cadence that sets a key, then a note of its scale, and play the note."

    /// `eartrainctl start degree --quality minor --degrees 1,3,5`, `[training.degree]`, `session.start`.
    public static let declaredOptions = KindOptions<DegreeExercise>([
        ChoiceOption("quality", \.quality, help: "major (I-IV-V-I, the default) or minor (i-iv-V-i)."),
        RootOption(\.root, help: "The tonic (default: random, a new one every --questions-per-key questions)."),
        DegreesOption(),
        MatchingOption(\.matching, refusingInDirection: "in-direction is for scales; a degree takes pitch-class or exact-octave",
                     help: "Only the note in the octave heard counts (default: any octave)."),
        TriesOption(\.triesBeforeReveal, help: "Wrong answers before the note is shown."),
        NumberOption("questions-per-key", \.questionsPerKey, in: 1...100, help: "Questions in one key before a random tonic changes (default 8)."),
        FlagOption("cadence-on-new-key", \.cadenceEachQuestion, key: "cadence_each_question", setTo: false,
                   opposite: ("cadence-each-question", "Sound the cadence before every question."),
                   help: "Sound the cadence only when the key changes (default: before every question)."),
        FlagOption("no-adaptive", \.adaptive, key: "adaptive", setTo: false, help: "Ask every degree equally often."),
    ])

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
