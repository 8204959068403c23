import MusicTheory

extension CompareExercise {
    public static let abstract = "Hear a reference, then the same note (or an interval's upper note) a few cents sharp or flat: a key above the reference answers higher, below it lower."

    /// `eartrainctl start compare --intervals P5,M3 --root C4`, `[training.compare]`, `session.start`.
    public static let declaredOptions = KindOptions<CompareExercise>([
        RootOption(\.root, help: "The reference: a note (C4), a pitch class (any C in the range) or random (the default)."),
        ListOption("intervals", \.intervals, choices: .intervals(IntervalDrill.intervalsWithinOctave + [try! SpelledInterval(parsing: "P8")]),
                   keyFirst: false, ignoring: ["P1"], parse: { try SpelledInterval(parsing: $0) },
                   help: "Comma-separated intervals whose upper note is compared (default: the same note)."),
        NumberOption("start", \.startWholeCents, in: 1...100, unit: "cents", help: "The offset each staircase starts at, in cents (default 25)."),
        FlagOption("no-adaptive", \.adaptive, key: "adaptive", setTo: false, help: "Ask every register or interval equally often."),
    ])

    /// The staircase's start as the option sets it, in whole cents.
    var startWholeCents: Int {
        get { Int(startCents) }
        set { startCents = Double(newValue) }
    }

    /// The same note or an interval set, then the reference played.
    public static var menuPages: [MenuPage] {
        [
            MenuPage(key: "intervals", title: "compared", input: .choices([
                MenuChoice(.array([]), spoken: "the same note"),
                MenuChoice(.array(["P5", "P4"].map(JSONValue.string)), spoken: "fifths and fourths"),
                MenuChoice(.array(["M3", "m3", "M6", "m6"].map(JSONValue.string)), spoken: "thirds and sixths"),
                MenuChoice(.array(["P8"].map(JSONValue.string)), spoken: "octaves"),
            ])),
            .root,
        ]
    }

    /// `compare the same note from C4`, `compare P5 M3 from random`.
    public static func statusSummary(_ status: StatusDetails, root: String) -> String {
        "compare \(compared(status)) from \(root)"
    }

    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        "compare \(compared(status))"
    }

    /// `C4, then the same note: higher or lower?`, `P5 above C4: higher or lower?`.
    public static func watchQuestion(_ question: CompareQuestion.Details) -> String {
        let root = question.root
        let what = question.interval.map { "\($0) above \(root)" } ?? "\(root), then the same note"
        return "\(what): higher or lower?"
    }

    /// The keys that answer: the student's chart.
    public static func watchDetail(_ question: CompareQuestion.Details?, prompt: String?) -> String? {
        question.map { "above \($0.root): higher · below: lower" }
    }

    private static func compared(_ status: StatusDetails) -> String {
        let intervals = status.intervals
        return intervals.isEmpty ? "the same note" : intervals.joined(separator: " ")
    }
}
