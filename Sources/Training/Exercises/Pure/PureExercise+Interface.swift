import MusicTheory

extension PureExercise {
    public static let abstract = "Hear an interval or a chord twice, pure and tempered, and say which was pure: the root's key (or below) for the first, a key above it for the second."

    /// `eartrainctl start pure --level 2 --against pythagorean`, `[training.pure]`, `session.start`.
    public static let declaredOptions = KindOptions<PureExercise>([
        NumberOption("level", \.level, in: levels, help: "1: thirds, sixths and triads (14-16 c), 2: the major second and minor seventh (4 c), 3: the fifth and fourth (2 c) (default 1)."),
        ChoiceOption("against", \.against, choices: [.init("equal"), .init("pythagorean")], help: "The other version: equal (the default) or pythagorean (level 1 only: the thirds and sixths, 22 c)."),
        RootOption(\.root, help: "The root: a note, a pitch class or random (the default)."),
        FlagOption("no-adaptive", \.adaptive, key: "adaptive", setTo: false, help: "Ask every interval and chord equally often."),
    ])

    /// A level and a tuning that do not go together are refused with the params.
    public static func check(params options: PureExercise) throws(ExerciseParams.Refusal) {
        do { try options.validate() } catch { throw ExerciseParams.Refusal(error.description) }
    }

    /// The level, then what the pure version is heard against.
    public static var menuPages: [MenuPage] {
        [
            MenuPage(key: "level", title: "level", input: .choices([
                MenuChoice(.number(1), spoken: "thirds, sixths and triads"),
                MenuChoice(.number(2), spoken: "seconds and sevenths"),
                MenuChoice(.number(3), spoken: "fifths and fourths"),
            ])),
            MenuPage(key: "against", title: "against", input: .choices([
                MenuChoice("equal", spoken: "equal temperament"), MenuChoice("pythagorean", spoken: "pythagorean"),
            ])),
        ]
    }

    /// `pure against equal, level 1 from random`.
    public static func statusSummary(_ status: StatusDetails, root: String) -> String {
        "pure against \(status.against), level \(status.level) from \(root)"
    }

    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        "pure against \(status.against), level \(status.level)"
    }

    /// `a major third on C4, twice: which is pure?`.
    public static func watchQuestion(_ question: PureQuestion.Details) -> String {
        "\(SpokenText.withArticle(question.name)) on \(question.root), twice: which is pure?"
    }

    /// The keys that answer: the student's chart.
    public static func watchDetail(_ question: PureQuestion.Details?, prompt: String?) -> String? {
        question.map { "\($0.root) or below: the first · above: the second" }
    }
}
