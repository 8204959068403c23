import MusicTheory

/// What a rhythm is played at and judged by, the options `rhythm` and `dictation --rhythm` share:
/// the tempo, the meter, the level its patterns are drawn at and the onset tolerance. Read once,
/// here, from `session.start` params, the command line and a `[training.<kind>]` section.
public struct RhythmTiming: Sendable, Hashable, Codable {
    /// Beats per minute, 40…200.
    public var tempo: Int
    public var meter: Meter
    /// What the patterns may hold (`RhythmLevel`).
    public var level: RhythmLevel
    /// How far from its time an onset may be and still be on time, in milliseconds.
    public var toleranceMilliseconds: Int

    public static let tempoRange = 40...200
    public static let toleranceRange = 20...300

    public init(tempo: Int = 80, meter: Meter = .fourFour, level: RhythmLevel = RhythmLevel(1)!,
                toleranceMilliseconds: Int = Int(RhythmJudge.defaultTolerance * 1000)) {
        self.tempo = tempo
        self.meter = meter
        self.level = level
        self.toleranceMilliseconds = toleranceMilliseconds
    }

    /// The onset tolerance in seconds, as `RhythmJudge` takes it.
    public var tolerance: Double { Double(toleranceMilliseconds) / 1000 }

    /// The level by its number, as the options set it.
    public var levelNumber: Int {
        get { level.number }
        set { level = RhythmLevel(newValue) ?? level }
    }

    /// Throws for values outside their ranges (options decoded from outside input).
    public func validate() throws(TrainingError) {
        guard Self.tempoRange.contains(tempo) else { throw TrainingError("a rhythm's tempo is 40-200 beats per minute, not \(tempo)") }
        guard Self.toleranceRange.contains(toleranceMilliseconds) else {
            throw TrainingError("a rhythm's tolerance is 20-300 ms, not \(toleranceMilliseconds)")
        }
    }

    /// What `status` shows of them: `tempo`, `meter`, `level`.
    public struct StatusDetails: KindDetails {
        public var tempo: Int
        public var meter: Meter
        public var level: Int
    }
    public var statusDetails: StatusDetails { StatusDetails(tempo: tempo, meter: meter, level: level.number) }

    /// The options, as both kinds declare them: the tempo, the meter, the level, the tolerance.
    public static let tempoOption = NumberOption<RhythmTiming>(
        "tempo", \.tempo, in: tempoRange, unit: "beats per minute",
        choices: [40, 50, 60, 66, 72, 80, 90, 100, 108, 120, 132, 144, 160, 176, 200].map { .init(String($0)) },
        help: "Beats per minute, any of 40-200 (default 80).")
    public static let meterOption = ChoiceOption<RhythmTiming, Meter>("meter", \.meter, help: "2/4, 3/4, 4/4 or 6/8 (default 4/4).")
    public static let levelOption = NumberOption<RhythmTiming>(
        "level", \.levelNumber, in: RhythmLevel.range,
        help: "1 halves and quarters, 2 eighths, 3 dotted notes, 4 rests, 5 ties and syncopation, 6 triplets, 7 sixteenths (default 1).")
    public static let toleranceOption = NumberOption<RhythmTiming>(
        "tolerance-ms", \.toleranceMilliseconds, in: toleranceRange, unit: "milliseconds", choices: [30, 50, 75, 100, 150, 200].map { .init(String($0)) },
        help: "How far from its time an onset may be and still be on time, 20-300 ms (default 100: fair to a beginner).")
    public static let declaredOptions = KindOptions<RhythmTiming>([tempoOption, meterOption, levelOption, toleranceOption])
}

extension AnswerSubject {
    /// What a rhythm's answers are counted under, and a dictation's in time: its meter and level
    /// (`4/4 eighths`).
    public static func rhythm(_ meter: Meter, _ level: RhythmLevel) -> AnswerSubject {
        AnswerSubject(category: "rhythm", label: "\(meter.rawValue) \(level.name)", value: .string("\(meter.rawValue) \(level.number)"),
                      order: [3, Meter.allCases.firstIndex(of: meter) ?? 0, level.number],
                      spoken: "\(meter.spoken), \(level.name)")
    }
}
