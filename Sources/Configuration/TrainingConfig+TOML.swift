import MusicTheory
import Training

extension TrainingConfig {
    init(reading reader: inout TableReader) throws(ConfigError) {
        let d = TrainingConfig()
        lowestNote = try reader.note("lowest_note", d.lowestNote)
        highestNote = try reader.note("highest_note", d.highestNote)
        guard highestNote.rawValue - lowestNote.rawValue >= 12 else {
            throw reader.error(
                .invalidValue, "highest_note",
                "the note range \(lowestNote)–\(highestNote) is less than an octave: a scale needs eight notes")
        }
        let range = Self.noteDurationRange
        let seconds = try reader.double(
            "note_duration", d.noteDuration.seconds,
            in: range.lowerBound.seconds...range.upperBound.seconds)
        noteDuration = .milliseconds(Int((seconds * 1000).rounded()))
        referencePitch = ReferencePitch(
            try reader.double("reference_pitch", d.referencePitch.hertz, in: ReferencePitch.acceptedHertz))
        tuningSystem = try reader.parsed("tuning", d.tuningSystem, TuningSystem.init(choosing:))
        soundSource = try reader.parsed("sound_source", d.soundSource, SoundSource.init(choosing:))
        varyLoudness = try reader.double("vary_loudness", d.varyLoudness, in: 0...1)
        let gap = try reader.double("prompt_gap", d.promptGap.seconds, in: Self.promptGapRange)
        promptGap = .milliseconds(Int((gap * 1000).rounded()))
        harmonicIntervals = try reader.bool("harmonic_intervals", d.harmonicIntervals)
        scaleModelAnswer = try reader.bool("scale_model_answer", d.scaleModelAnswer)
        exercise = try reader.parsed("exercise", d.exercise, ExerciseKind.init(choosing:))
        autostart = try reader.bool("autostart", d.autostart)
        scale = d.scale
        if var table = try reader.table("scale") { scale = try ScaleExercise(reading: &table) }
        interval = d.interval
        if var table = try reader.table("interval") { interval = try IntervalExercise(reading: &table) }
        try reader.finish()
    }
}

extension Duration {
    /// The duration in seconds, as a number.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension ScaleExercise {
    /// `[training.scale]`.
    init(reading reader: inout TableReader) throws(ConfigError) {
        let d = TrainingConfig().scale
        self.init(
            mode: try reader.parsed("mode", d.mode) { try Mode(parsing: $0) },
            root: try reader.parsed("root", d.root) { try RootNote(parsing: $0) },
            matching: try reader.parsed("matching", d.matching, AnswerMatching.init(choosing:)),
            newRandomRootEachRound: try reader.bool("random_root_each_round", d.newRandomRootEachRound),
            newRandomModeEachRound: try reader.bool("random_mode_each_round", d.newRandomModeEachRound)
        )
        // The engine refuses a scale it cannot spell; refuse it here, where the file and line are known.
        do {
            _ = try root.scale(mode)
        } catch {
            throw reader.error(.invalidValue, "root", "\(root) \(mode) cannot be spelled: \(error)")
        }
        try reader.finish()
    }
}

extension IntervalExercise {
    /// `[training.interval]`; `root = "random"` draws a root within the note range each question.
    init(reading reader: inout TableReader) throws(ConfigError) {
        let d = IntervalExercise()
        let root: RootNote? = try reader.parsed("root", d.root) { text in
            text == "random" ? nil : try RootNote(parsing: text)
        }
        self.init(
            root: root,
            intervals: try reader.array("intervals", d.intervals, allowEmpty: false) { try SpelledInterval(parsing: $0) },
            direction: try reader.parsed("direction", d.direction, IntervalDirection.init(choosing:)),
            matching: try reader.parsed("matching", d.matching, AnswerMatching.init(choosing:)),
            triesBeforeReveal: try reader.int(
                "tries_before_reveal", d.triesBeforeReveal, in: TrainingConfig.triesBeforeRevealRange),
            adaptive: try reader.bool("adaptive", d.adaptive),
            echoAnswer: try reader.bool("echo_answer", d.echoAnswer)
        )
        try reader.finish()
    }
}
