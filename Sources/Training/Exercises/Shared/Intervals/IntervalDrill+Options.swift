import MusicTheory

extension IntervalDrill {
    /// The drill's options as a kind that asks it declares them: `interval` takes a note in any
    /// octave unless `--strict`, `ear-interval` the octave heard unless `--any-octave`.
    static func drillOptions(anyOctave: Bool) -> [any KindOption<IntervalDrill>] {
        [
            RootOption(\.root, help: "The root (default: random roots within the note range)."),
            ListOption("intervals", \.intervals, choices: intervalChoices, nonEmpty: "interval", keyFirst: false,
                       parse: { try SpelledInterval(parsing: $0) },
                       help: "Comma-separated intervals, e.g. m3,P5 (default: the eleven within the octave, m2 to M7)."),
            ExtendedOption(),
            ChoiceOption(flag: "descending", \.direction, key: "direction", setting: .descending, help: "Intervals below the root."),
            MatchingOption(\.matching, anyOctave: anyOctave,
                           refusingInDirection: "'in-direction' is for scales: an interval takes 'pitch-class' or 'exact-octave'",
                           help: anyOctave ? "Take the note in any octave (default: the octave heard)."
                               : "Only the note in the octave asked counts (default: any octave)."),
            TriesOption(\.triesBeforeReveal, help: "Wrong tries before the answer is shown."),
            FlagOption("no-adaptive", \.adaptive, key: "adaptive", setTo: false, help: "Ask every interval equally often."),
            FlagOption("no-echo", \.echoAnswer, key: "echo_answer", setTo: false, help: "Do not sound the root then the answer after a right answer."),
        ]
    }
}

/// `extended`: the compound intervals added to the set, given or default (it used to replace a
/// given set), on the command line, in params and in the file.
struct ExtendedOption: KindOption {
    let commandLine = ExerciseCommandLine.Option("extended", .flag(.bool(true)), help: "Add P8 m9 M9 P11 A11 m13 M13.")
    var configKey: String { commandLine.key }

    func apply(_ params: ExerciseParams, to options: inout IntervalDrill) throws(ExerciseParams.Refusal) {
        if try params.bool(commandLine.key) == true { options.extend() }
    }

    func read<Reader: ExerciseOptionsReader>(_ reader: inout Reader, into options: inout IntervalDrill) throws(Reader.Failure) {
        if try reader.bool(configKey, false) { options.extend() }
    }
}

extension IntervalDrill {
    /// The compound intervals added to the set.
    mutating func extend() {
        intervals += Self.extensionIntervals.filter { !intervals.contains($0) }
    }
}
