import MusicTheory
import Training

extension TrainingConfig {
    init(reading reader: inout TableReader) throws(ConfigError) {
        let d = TrainingConfig()
        let cello = d.settings
        let lowestNote = try reader.note("lowest_note", cello.noteRange.lowerBound)
        let highestNote = try reader.note("highest_note", cello.noteRange.upperBound)
        guard highestNote.rawValue - lowestNote.rawValue >= 12 else {
            throw reader.error(
                .invalidValue, "highest_note",
                "the note range \(lowestNote)–\(highestNote) is less than an octave: a scale needs eight notes")
        }
        let range = Self.noteDurationRange
        let seconds = try reader.double(
            "note_duration", cello.noteDuration.seconds,
            in: range.lowerBound.seconds...range.upperBound.seconds)
        let gap = try reader.double("prompt_gap", cello.promptGap.seconds, in: Self.promptGapRange)
        let breath = try reader.double("breath", cello.breath.seconds, in: Self.breathRange)
        var tolerance = cello.listenToleranceCents
        if var listen = try reader.table("listen") {
            tolerance = try listen.double("tolerance_cents", tolerance, in: Self.listenToleranceRange)
            try listen.finish()
        }
        settings = TrainingSettings(
            noteRange: lowestNote...highestNote,
            noteDuration: .milliseconds(Int((seconds * 1000).rounded())),
            referencePitch: ReferencePitch(try reader.double("reference_pitch", cello.referencePitch.hertz, in: ReferencePitch.acceptedHertz)),
            tuningSystem: try reader.parsed("tuning", cello.tuningSystem, TuningSystem.init(choosing:)),
            soundSource: try reader.parsed("sound_source", cello.soundSource, SoundSource.init(choosing:)),
            varyLoudness: try reader.double("vary_loudness", cello.varyLoudness, in: 0...1),
            promptGap: .milliseconds(Int((gap * 1000).rounded())),
            harmonicIntervals: try reader.bool("harmonic_intervals", cello.harmonicIntervals),
            scaleModelAnswer: try reader.bool("scale_model_answer", cello.scaleModelAnswer),
            clef: try reader.parsed("clef", cello.clef, Clef.init(choosing:)),
            breath: .milliseconds(Int((breath * 1000).rounded())),
            bendRangeSemitones: try reader.int("bend_range_semitones", cello.bendRangeSemitones, in: PitchWheel.rangesSemitones),
            listenToleranceCents: tolerance,
            noteNaming: try reader.parsed("names", cello.noteNaming, NoteNaming.init(choosing:)),
            drone: try reader.parsed("drone", cello.drone, Drone.init(choosing:)))
        exercise = try reader.parsed("exercise", d.exercise, ExerciseKind.init(choosing:))
        autostart = try reader.bool("autostart", d.autostart)
        libraryPaths = d.libraryPaths
        if var library = try reader.table("library") {
            libraryPaths = try library.array("paths", libraryPaths, allowEmpty: true) { path in
                guard path.hasPrefix("/") else { throw Message("'\(path)' is not an absolute path: give a score's or a folder's whole path") }
                return path
            }
            try library.finish()
        }
        plan = try reader.parsed("plan", d.plan) { text in
            if let problem = LessonPlanFile.problem(naming: text) { throw Message(problem) }
            return text
        }
        _ = try LessonPlanFile.resolve(plan)  // a plan that cannot be followed refuses the file, as any key would
        exercises = d.exercises
        for module in ExerciseCatalog.all {
            guard var table = try reader.table(module.kind.rawValue) else { continue }
            exercises[module.kind] = try module.exercise(reading: &table)
            try table.finish()
        }
        try reader.finish()
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
