import ControlProtocol
import MusicTheory
import Training

/// The exercise defaults `session.start` falls back on (from the config file).
public struct ExerciseDefaults: Sendable, Hashable {
    public var mode: Mode = .ionian
    public var scaleRoot: RootNote = RootNote(pitchClass: PitchClass(0))
    public var intervalRoot: RootNote?
    public var intervals: [SpelledInterval] = IntervalExercise.seedIntervals
    public var direction: IntervalExercise.Direction = .ascending
    public var matching: AnswerMatching = .pitchClass
    public var triesBeforeReveal = 3
    public var adaptive = true

    public init() {}
}

/// Turns `session.start` params into an exercise; anything unknown is an invalid-params error
/// that lists what is accepted.
enum ExerciseRequest {
    static func exercise(from params: SessionStartParams, defaults: ExerciseDefaults) throws(RPCError) -> Exercise {
        let matching: AnswerMatching = params.strict.map { $0 ? .exactOctave : .pitchClass } ?? defaults.matching
        switch params.kind {
        case "scale":
            let mode = try params.mode.map { text throws(RPCError) in try theory { () throws(TheoryError) in try Mode(parsing: text) } } ?? defaults.mode
            let root = try params.root.map { text throws(RPCError) in try theory { () throws(TheoryError) in try RootNote(parsing: text) } } ?? defaults.scaleRoot
            _ = try theory { () throws(TheoryError) in try root.scale(mode) }
            return .scale(ScaleExercise(
                mode: mode, root: root, matching: matching,
                newRandomRootEachRound: params.randomRoot ?? false, newRandomModeEachRound: params.randomMode ?? false))
        case "interval":
            let root = try params.root.map { text throws(RPCError) in try theory { () throws(TheoryError) in try RootNote(parsing: text) } } ?? defaults.intervalRoot
            var intervals = defaults.intervals
            if params.extended == true { intervals = IntervalExercise.extendedIntervals }
            if let names = params.intervals {
                guard !names.isEmpty else { throw .invalidParams("intervals must name at least one interval") }
                intervals = []
                for name in names { intervals.append(try theory { () throws(TheoryError) in try SpelledInterval(parsing: name) }) }
            }
            var direction = defaults.direction
            if let text = params.direction {
                guard let parsed = IntervalExercise.Direction(rawValue: text) else {
                    throw .invalidParams("direction '\(text)': use ascending or descending")
                }
                direction = parsed
            }
            let tries = params.tries ?? defaults.triesBeforeReveal
            guard (1...20).contains(tries) else { throw .invalidParams("tries must be 1-20, got \(tries)") }
            return .interval(IntervalExercise(
                root: root, intervals: intervals, direction: direction, matching: matching,
                triesBeforeReveal: tries, adaptive: params.adaptive ?? defaults.adaptive))
        default:
            throw .invalidParams("kind '\(params.kind)': use scale or interval")
        }
    }

    /// Settings changed by the params (tuning, reference), applied from the next prompt.
    static func settings(from params: SessionStartParams, base: TrainingSettings) throws(RPCError) -> TrainingSettings {
        var settings = base
        if let tuning = params.tuning {
            settings.tuningSystem = try theory { () throws(TheoryError) in try TuningSystem(parsing: tuning) }
        }
        if let reference = params.reference {
            settings.referencePitch = try theory { () throws(TheoryError) in try ReferencePitch(validating: reference) }
        }
        return settings
    }

    /// Runs a theory parse, turning its error into invalid params with the accepted values.
    static func theory<T>(_ parse: () throws(TheoryError) -> T) throws(RPCError) -> T {
        do {
            return try parse()
        } catch {
            throw .invalidParams(error.description)
        }
    }
}
