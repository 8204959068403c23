import MusicTheory

extension RhythmExercise: ExerciseModule {
    public typealias Question = RhythmQuestion

    /// `rhythm`.
    public static let kind = ExerciseKind(declaring: "rhythm")

    public static var defaults: RhythmExercise { RhythmExercise() }

    public static func options(from params: ExerciseParams, over base: RhythmExercise) throws(ExerciseParams.Refusal) -> RhythmExercise {
        var options = base
        options.tempo = try Self.within(params.int("tempo"), tempoRange, "tempo", "beats per minute") ?? base.tempo
        options.meter = try params.choice("meter", Meter.self) ?? base.meter
        options.bars = try Self.within(params.int("bars"), barsRange, "bars", "bars") ?? base.bars
        if let level = try Self.within(params.int("level"), RhythmLevel.range, "level", "") { options.level = RhythmLevel(level)! }
        options.root = try params.root(over: base.root)
        options.strict = try params.bool("strict") ?? base.strict
        options.toleranceMilliseconds = try Self.within(params.int("tolerance_ms"), toleranceRange, "tolerance_ms", "milliseconds")
            ?? base.toleranceMilliseconds
        options.countIn = try params.choice("count_in", CountIn.self) ?? base.countIn
        options.triesBeforeReveal = try params.tries(over: base.triesBeforeReveal)
        options.click = try params.choice("click", Click.self) ?? base.click
        return options
    }

    private static func within(_ value: Int?, _ range: ClosedRange<Int>, _ key: String, _ unit: String) throws(ExerciseParams.Refusal) -> Int? {
        guard let value else { return nil }
        guard range.contains(value) else {
            throw ExerciseParams.Refusal("\(key) must be \(range.lowerBound)-\(range.upperBound)\(unit.isEmpty ? "" : " \(unit)"), got \(value)")
        }
        return value
    }

    public static func options<Reader: ExerciseOptionsReader>(reading reader: inout Reader) throws(Reader.Failure) -> RhythmExercise {
        let d = defaults
        return RhythmExercise(
            tempo: try reader.int("tempo", d.tempo, in: tempoRange),
            meter: try reader.parsed("meter", d.meter) { try Meter(choosing: $0) },
            bars: try reader.int("bars", d.bars, in: barsRange),
            level: RhythmLevel(try reader.int("level", d.level.number, in: RhythmLevel.range))!,
            root: try reader.root(d.root),
            strict: try reader.bool("strict", d.strict),
            toleranceMilliseconds: try reader.int("tolerance_ms", d.toleranceMilliseconds, in: toleranceRange),
            countIn: try reader.parsed("count_in", d.countIn) { try CountIn(choosing: $0) },
            triesBeforeReveal: try reader.int("tries_before_reveal", d.triesBeforeReveal, in: ExerciseParams.triesRange),
            click: try reader.parsed("click", d.click) { try Click(choosing: $0) })
    }

    public func validate() throws(TrainingError) {
        guard Self.tempoRange.contains(tempo) else { throw TrainingError("a rhythm's tempo is 40-200 beats per minute, not \(tempo)") }
        guard Self.barsRange.contains(bars) else { throw TrainingError("a rhythm is 1 or 2 bars, not \(bars)") }
        guard Self.toleranceRange.contains(toleranceMilliseconds) else {
            throw TrainingError("a rhythm's tolerance is 20-300 ms, not \(toleranceMilliseconds)")
        }
    }

    /// `rhythm 4/4 at 80 BPM, eighths, on C3`.
    public var summary: String {
        "rhythm \(meter.rawValue) at \(tempo) BPM, \(bars == 1 ? "1 bar" : "\(bars) bars"), level \(level.number) (\(level.name))"
            + (root.map { " on \($0)" } ?? "") + (click == .steady ? ", steady click" : "")
    }

    public var statusFields: [String: JSONValue] {
        ["tempo": .number(Double(tempo)), "meter": .string(meter.rawValue), "bars": .number(Double(bars)), "level": .number(Double(level.number))]
    }
    public var statusRoot: String { root?.description ?? "random" }
    public var sessionColumns: SessionColumns { SessionColumns(mode: meter.rawValue, root: root?.description) }

    public func openQuestion(after previous: (any OpenQuestion)?, context: inout QuestionContext) -> any OpenQuestion {
        let pattern = RhythmPattern.draw(meter: meter, bars: bars, level: level, random: &context.random)
        // One pitch for the session: the one before, else the root given, else one in the register.
        let rootKey = (previous as? OpenRhythmQuestion)?.shown.rootNote
            ?? ChordExercise.rootKey(root: root, span: 0, previous: nil, range: context.settings.noteRange, random: &context.random)
        let name = root?.spelling ?? rootKey.spelled.name
        context.asked(.rhythm(meter, level))
        return OpenRhythmQuestion(
            shown: RhythmQuestion(root: SpelledNote(name, octave: rootKey.octave), rootNote: rootKey, tempo: tempo, meter: meter, bars: bars,
                                  strict: strict),
            pattern: pattern,
            judge: RhythmJudge(pattern: pattern, tempo: tempo, tolerance: Double(toleranceMilliseconds) / 1000),
            exercise: self, promptTime: context.time)
    }
}
