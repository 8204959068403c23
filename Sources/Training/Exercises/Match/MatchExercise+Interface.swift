import MusicTheory

extension MatchExercise {
    public static let abstract = "Hear a reference, then bend a held note into tune with the pitch-bend wheel and confirm with any key."

    /// `eartrainctl start match --intervals M3 --tunings just`, `[training.match]`, `session.start`.
    public static let declaredOptions = KindOptions<MatchExercise>([
        RootOption(\.root, help: "The reference (default: random)."),
        ListOption("intervals", \.intervals, choices: .intervals(IntervalDrill.extendedIntervals), keyFirst: false,
                   parse: { try SpelledInterval(parsing: $0) }, help: "Tune an interval's upper note, e.g. M3,P5 (default: the same note)."),
        ListOption("tunings", \.tunings, choices: .named(TuningSystem.self), parse: { try TuningSystem(choosing: $0) },
                   help: "The tunings a question's interval is drawn in, e.g. just,equal (default: the session's)."),
        NumberOption("detune", \.detune, in: detuneRange, unit: "cents", choices: [10, 20, 30, 50, 75, 100].map { .init(String($0)) },
                     help: "The most the held note starts off, in cents, 5-100 (default 50)."),
        NumberOption("tolerance", \.tolerance, in: toleranceRange, unit: "cents", choices: [1, 2, 3, 5, 10, 20].map { .init(String($0)) },
                     help: "The largest error still in tune, in cents, 1-50 (default 5)."),
        FlagOption("no-adaptive", \.adaptive, key: "adaptive", setTo: false, help: "Ask every interval and tuning equally often."),
    ])

    /// The same note or intervals, how close, then the reference played.
    public static var menuPages: [MenuPage] {
        [
            MenuPage(key: "intervals", title: "what to tune", input: .choices([
                MenuChoice(.array([]), spoken: "the same note"),
                MenuChoice(.array(["P5", "P4", "P8"].map { .string($0) }), spoken: "fifths, fourths and octaves"),
                MenuChoice(.array(["M3", "m3", "M6", "m6"].map { .string($0) }), spoken: "thirds and sixths"),
            ])),
            MenuPage(key: "tolerance", title: "how close", input: .choices([
                MenuChoice(.number(10), spoken: "within ten cents"),
                MenuChoice(.number(5), spoken: "within five cents"),
                MenuChoice(.number(2), spoken: "within two cents"),
            ])),
            .root,
        ]
    }

    /// `match the same note within 5 c from C3`.
    public static func statusSummary(_ status: StatusDetails, root: String) -> String {
        "match \(what(status)) within \(status.tolerance) c from \(root)"
    }

    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        "match \(what(status)) within \(status.tolerance) c"
    }

    /// `tune C3 to C3`, `tune E3: just M3 above C3`.
    public static func watchQuestion(_ question: MatchQuestion.Details) -> String {
        let target = question.target, root = question.root
        guard let interval = question.interval else { return "tune \(target) to \(root) with the wheel, then any key" }
        return "tune \(target): \(question.tuning.map { "\($0) " } ?? "")\(interval) above \(root), with the wheel"
    }

    private static func what(_ status: StatusDetails) -> String {
        let intervals = status.intervals, tunings = status.tunings
        return (intervals.isEmpty ? "the same note" : intervals.joined(separator: " ")) + (tunings.isEmpty ? "" : " (\(tunings.joined(separator: ", ")))")
    }
}
