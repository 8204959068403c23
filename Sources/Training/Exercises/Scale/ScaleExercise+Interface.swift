import MusicTheory

/// What the clients show of the kind: its command line, its menu pages, its lines in status and `watch`.
extension ScaleExercise {
    public static let abstract = "Play a mode from a root, note by note, to the octave."

    /// `eartrainctl start scale dorian D`, `… --mode dorian --root D --random-root`, `[training.scale]`, `session.start`.
    public static let declaredOptions = KindOptions<ScaleExercise>([
        ParsedOption("mode", \.mode, choices: .modes(), parse: { text throws(TheoryError) in try Mode(parsing: text) },
                     help: "ionian … locrian, harmonic-minor, melodic-minor, major-pentatonic, minor-pentatonic, blues, whole-tone or chromatic."),
        rootOption,
        FlagOption("random-root", \.newRandomRootEachRound, configKey: "random_root_each_round", help: "A new random root each round."),
        FlagOption("random-mode", \.newRandomModeEachRound, configKey: "random_mode_each_round", help: "A new random mode each round."),
        ChoiceOption("direction", \.direction, help: "ascending (default), descending or up-and-down."),
        MatchingOption(\.matching, refusingInDirection: nil, help: "Only the note in the octave asked counts (default: any octave)."),
    ])

    /// The root, not random: a scale is asked on it.
    static let rootOption = ParsedOption<ScaleExercise, RootNote>(
        "root", \.root, choices: .roots(random: false), parse: { text throws(TheoryError) in try RootNote(parsing: text) },
        help: "The root: D, C#/Db, Eb3 or a MIDI number.")

    public static var commandLineWords: (help: String, read: ExerciseCommandLine.Words)? {
        ("a mode and a root, in either order, as a musician says them: `dorian D`, `Eb3 lydian`", modeAndRoot)
    }

    /// A scale its root cannot spell (Fbb locrian) is refused with the params.
    public static func check(params options: ScaleExercise) throws(ExerciseParams.Refusal) {
        _ = try ExerciseParams.theory { () throws(TheoryError) in try options.root.scale(options.mode) }
    }

    /// The engine refuses a scale it cannot spell; refuse it here, where the file and line are known.
    public static func check<Reader: ExerciseOptionsReader>(section options: ScaleExercise, reader: inout Reader) throws(Reader.Failure) {
        do {
            _ = try options.root.scale(options.mode)
        } catch {
            throw reader.invalid(rootOption.configKey, "\(options.root) \(options.mode) cannot be spelled: \(error)")
        }
    }

    /// The mode and root from the words and the options; a word is a mode when it names one,
    /// a root when it parses as one, and anything else (or a second of either) is refused.
    @Sendable
    private static func modeAndRoot(_ words: [String], _ values: inout [String: JSONValue]) throws(ExerciseParams.Refusal) {
        func text(_ key: String) -> String? { if case .string(let text)? = values[key] { text } else { nil } }
        for word in words {
            if (try? Mode(parsing: word)) != nil {
                if let mode = text("mode") { throw ExerciseParams.Refusal("two modes: '\(mode)' and '\(word)'") }
                values["mode"] = .string(word)
            } else if (try? RootNote(parsing: word)) != nil {
                if let root = text("root") { throw ExerciseParams.Refusal("two roots: '\(root)' and '\(word)'") }
                values["root"] = .string(word)
            } else {
                throw ExerciseParams.Refusal(
                    "'\(word)' is neither a mode (\(Mode.allCases.map(\.name).joined(separator: ", ")), major, minor) "
                        + "nor a root (D, C#/Db, Eb3 or a MIDI number)")
            }
        }
    }

    /// The mode (white keys from C: ionian, dorian, …), then the root, played.
    public static var menuPages: [MenuPage] {
        [MenuPage(key: "mode", title: "mode", input: .choices(Mode.allCases.map { MenuChoice($0.name) })), .root]
    }

    /// A round counts its 8 notes.
    public static var countsNotes: Bool { true }
    /// The next degree is no secret: the mode and the step pattern are on screen.
    public static var showsExpectedWhileOpen: Bool { true }

    /// `scale dorian from D3`.
    public static func statusSummary(_ status: StatusDetails, root: String) -> String {
        "scale \(status.mode) from \(root)"
    }

    /// `D3 dorian scale`.
    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        "\(root) \(status.mode) scale"
    }

    /// `dorian from D3`.
    public static func watchQuestion(_ question: ScaleQuestion.Details) -> String {
        "\(question.mode) from \(question.root)"
    }

    /// `steps W-H-W-W-W-H-W`: the question's, or the last part of `status`'s prompt.
    public static func watchDetail(_ question: ScaleQuestion.Details?, prompt: String?) -> String? {
        let steps = question?.steps ?? prompt.flatMap { $0.split(separator: "  ").last.map(String.init) }
        return "steps \(steps ?? "-")"
    }
}
