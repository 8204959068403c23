import MusicTheory

extension RhythmExercise {
    /// `eartrainctl start rhythm --tempo 90 --meter 3/4 --level 2`.
    public static var commandLine: ExerciseCommandLine {
        ExerciseCommandLine(
            abstract: "Hear a count-in and a rhythm on one pitch, and play it back on any key, starting when ready.",
            options: [
                RhythmTiming.tempoOption,
                RhythmTiming.meterOption,
                .init("bars", .number, choices: .numbers(barsRange), help: "Bars in a pattern, 1 or 2 (default 1)."),
                RhythmTiming.levelOption,
                .init("root", .text, choices: .roots(random: true), help: "The pitch the rhythm is played on (default: one in C3-C4)."),
                .init("strict", .flag(.bool(true)), help: "Play it back on the pitch shown (default: any key)."),
                RhythmTiming.toleranceOption,
                .init("count-in", .text, choices: .named(CountIn.self), help: "clicks (an octave above, default) or tonic (the pitch on every beat)."),
                .init("click", .text, choices: .named(Click.self),
                      help: "free (play back when ready, default) or steady (the click goes on: play on the downbeat after one bar of clicks)."),
                .init("tries", .number, choices: .numbers(ExerciseParams.triesRange), help: "Wrong play-backs before the rhythm is shown."),
                .init("durations", .flag(.bool(true)),
                      help: "Judge how long each note is held too, within 30% of its written length (default: onsets only)."),
            ])
    }

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
        "rhythm \(status.meter.rawValue) at \(status.tempo) BPM, level \(status.level) on \(root)"
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
