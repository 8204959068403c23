import MusicTheory

extension RhythmExercise {
    public static let abstract = "Hear a count-in and a rhythm on one pitch, and play it back on any key, starting when ready."

    /// `eartrainctl start rhythm --tempo 90 --meter 3/4 --level 2`, `[training.rhythm]`, `session.start`.
    public static let declaredOptions = KindOptions<RhythmExercise>([
        RhythmTiming.tempoOption.within(\.timing),
        RhythmTiming.meterOption.within(\.timing),
        NumberOption("bars", \.bars, in: barsRange, unit: "bars", help: "Bars in a pattern, 1 or 2 (default 1)."),
        RhythmTiming.levelOption.within(\.timing),
        RootOption(\.root, help: "The pitch the rhythm is played on (default: one in C3-C4)."),
        FlagOption("strict", \.strict, help: "Play it back on the pitch shown (default: any key)."),
        RhythmTiming.toleranceOption.within(\.timing),
        ChoiceOption("count-in", \.countIn, help: "clicks (an octave above, default) or tonic (the pitch on every beat)."),
        ChoiceOption("click", \.click,
                     help: "free (play back when ready, default) or steady (the click goes on: play on the downbeat after one bar of clicks)."),
        TriesOption(\.triesBeforeReveal, help: "Wrong play-backs before the rhythm is shown."),
        FlagOption("durations", \.durations,
                   help: "Judge how long each note is held too, within 30% of its written length (default: onsets only)."),
        PathsOption("from", \.from, help: "Take the rhythms from scores, a phrase of --bars bars each: MusicXML or MIDI files, or folders of them."),
        TextOption.scorePart(\.part),
    ])

    /// The level, then the meter, then the pitch played.
    public static var menuPages: [MenuPage] {
        [MenuPage(key: "level", title: "rhythm level", input: .choices(RhythmLevel.range.map { number in
            MenuChoice(.number(Double(number)), spoken: RhythmLevel(number)!.name)
        })),
         MenuPage(key: "meter", title: "meter", input: .choices(Meter.allCases.map { MenuChoice(.string($0.rawValue), spoken: $0.spoken) })),
         .root]
    }

    /// `rhythm 4/4 at 80 BPM, level 2 on C3`.
    public static func statusSummary(_ status: StatusDetails, root: String) -> String {
        if let scores = status.scores { return scores + " on \(root)" }
        return "rhythm \(status.meter.rawValue) at \(status.tempo) BPM, level \(status.level) on \(root)"
            + (status.durations == true ? ", lengths judged" : "")
    }

    public static func watchTitle(_ status: StatusDetails, root: String) -> String {
        "rhythm \(status.meter.rawValue) at \(status.tempo) BPM"
    }

    /// `4/4, one bar on C3: play it back`.
    public static func watchQuestion(_ question: RhythmQuestion.Details) -> String {
        let bars = question.bars == 1 ? "one bar" : "\(question.bars) bars"
        return "\(question.meter.rawValue), \(bars) on \(question.root): play it back"
    }
}
