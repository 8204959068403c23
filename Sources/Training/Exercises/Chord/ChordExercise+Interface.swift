import MusicTheory

extension ChordExercise {
    public static let abstract = "Hear a chord on a shown root, and play it (keys held together)."

    /// `eartrainctl start chord --qualities major,minor --arpeggio`, `[training.chord]`, `session.start`.
    public static let declaredOptions = KindOptions<ChordExercise>([
        ListOption("qualities", \.qualities, choices: .chordQualities, nonEmpty: "chord quality", parse: { try ChordQuality(choosing: $0) },
                   help: "Comma-separated: major, minor, diminished, augmented, sus2, sus4, maj7, dom7, m7, m7b5, dim7 (default: the four triads)."),
        RootOption(\.root, help: "The root: a note (C3: that key) or a pitch class (a C in C3-C4) (default: random roots in C3-C4, each near the last)."),
        FlagOption("arpeggio", \.arpeggio, help: "Sound the chord's notes one after the other."),
        FlagOption("strict", \.strict, help: "Only the voicing sounded counts (default: any voicing with that root)."),
        TriesOption(\.triesBeforeReveal, help: "Wrong answers before the chord is shown."),
        FlagOption("no-adaptive", \.adaptive, key: "adaptive", setTo: false, help: "Ask every quality equally often."),
    ])

    /// The qualities (sets a teacher would give), then the root played.
    public static var menuPages: [MenuPage] {
        [MenuPage(key: "qualities", title: "chords", input: .choices([
            MenuChoice(.array(["major", "minor"].map { .string($0) }), spoken: "major and minor"),
            MenuChoice(.array(["major", "minor", "diminished", "augmented"].map { .string($0) }), spoken: "the four triads"),
            MenuChoice(.array(["maj7", "dom7", "m7", "m7b5", "dim7"].map { .string($0) }), spoken: "sevenths"),
        ])), .root]
    }

    public static func statusSummary(_ status: StatusDetails, root: String) -> String {
        "chords \(status.qualities.joined(separator: " ")) from \(root)"
    }

    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        "chords \(status.qualities.joined(separator: " "))"
    }

    public static func watchQuestion(_ question: ChordQuestion.Details) -> String {
        "on \(question.root): play the chord you hear"
    }

    public static func watchDetail(_ question: ChordQuestion.Details?, prompt: String?) -> String? { nil }
}
