import MusicTheory

extension ProgressionExercise {
    public static let abstract = "Hear the tonic chord of a key, then 3-5 chords of it, and play them back chord by chord."

    /// `eartrainctl start progression --level 2 --bass`, `[training.progression]`, `session.start`:
    /// a level sets every progression up to it, and a list given too is asked instead.
    public static let declaredOptions = KindOptions<ProgressionExercise>([
        NumberOption("level", \.levelUpTo, in: Progression.levels, help: "Every progression of levels 1 to this: 1 triads, 2 sevenths, 3 inversions."),
        ListOption("progressions", \.progressions, choices: Progression.allCases.map { .init($0.rawValue, group: "level \($0.level)") },
                   nonEmpty: "progression", parse: { try Progression(choosing: $0) },
                   help: "Comma-separated: I-IV-V-I, ii-V-I, I-vi-IV-V, i-iv-V-i (level 1), ii7-V7-I, I-IV-V7-I, I-vi-ii7-V7, i-iv-V7-i (level 2), I-V6-vi-IV, I-ii6-V7-I, I-IV-I64-V7-I, i-iv6-V65-i (level 3) (default: level 1's)."),
        RootOption(\.root, help: "The tonic (default: random, a new one each question)."),
        FlagOption("bass", \.bass, help: "The lowest key of each chord must be its bass (inversions heard); otherwise any voicing counts."),
        TriesOption(\.triesBeforeReveal, help: "Wrong chords before the rest is shown."),
        FlagOption("no-adaptive", \.adaptive, key: "adaptive", setTo: false, help: "Ask every progression equally often."),
    ])

    /// The level whose progressions (every one up to it) are asked; 1 for a list of its own.
    /// Set, it asks that level's.
    var levelUpTo: Int {
        get { Progression.levels.first { Progression.upTo(level: $0) == progressions } ?? 1 }
        set { progressions = Progression.upTo(level: newValue) }
    }

    /// The level (sets a teacher would give), then the tonic played.
    public static var menuPages: [MenuPage] {
        [MenuPage(key: "level", title: "level", input: .choices([
            MenuChoice(.number(1), spoken: "triads"),
            MenuChoice(.number(2), spoken: "with sevenths"),
            MenuChoice(.number(3), spoken: "with inversions"),
        ])), .root]
    }

    /// `progressions I-IV-V-I ii-V-I from C4`.
    public static func statusSummary(_ status: StatusDetails, root: String) -> String {
        "progressions \(status.progressions.joined(separator: " ")) from \(root)" + bassWords(status)
    }

    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        "progressions \(status.progressions.joined(separator: " "))" + bassWords(status)
    }

    /// `in D major: play the 4 chords you hear`.
    public static func watchQuestion(_ question: ProgressionQuestion.Details) -> String {
        "in \(question.key): play the \(question.chords) chords you hear"
    }

    public static var countsNotes: Bool { true }

    private static func bassWords(_ status: StatusDetails) -> String {
        status.bass ? " with the bass" : ""
    }
}
