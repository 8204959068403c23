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
        clef = try reader.parsed("clef", d.clef, Clef.init(choosing:))
        exercises = d.exercises
        for module in ExerciseCatalog.all {
            guard var table = try reader.table(module.kind.rawValue) else { continue }
            exercises[module.kind] = try module.exercise(reading: &table)
            try table.finish()
        }
        try reader.finish()
    }
}

extension Duration {
    /// The duration in seconds, as a number.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension ExerciseModule {
    /// The kind's `[training.<kind>]` section, read by its module.
    static func exercise(reading table: inout TableReader) throws(ConfigError) -> Exercise {
        Exercise(try options(reading: &table))
    }
}

/// A kind's module reads its section through the same reader as the rest of the file.
extension TableReader: ExerciseOptionsReader {
    typealias Failure = ConfigError

    func invalid(_ key: String, _ message: String) -> ConfigError {
        error(.invalidValue, key, message)
    }
}
