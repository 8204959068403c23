import ControlProtocol
import MusicTheory
import Training

/// The exercises `session.start` falls back on for whatever its params leave out (the config
/// file's `[training.scale]` and `[training.interval]`).
public struct ExerciseDefaults: Sendable, Hashable {
    public var scale: ScaleExercise
    public var interval: IntervalExercise

    public init(
        scale: ScaleExercise = ScaleExercise(mode: .ionian, root: RootNote(pitchClass: PitchClass(0))),
        interval: IntervalExercise = IntervalExercise()
    ) {
        self.scale = scale
        self.interval = interval
    }
}

/// Turns `session.start` params into an exercise; anything unknown is an invalid-params error
/// that lists what is accepted (the kind, direction and tuning were refused so when decoded).
enum ExerciseRequest {
    static func exercise(from params: SessionStartParams, defaults: ExerciseDefaults) throws(RPCError) -> Exercise {
        let strict: AnswerMatching? = params.strict.map { $0 ? .exactOctave : .pitchClass }
        if params.kind == .scale {
            let base = defaults.scale
            let mode = try params.mode.map { text throws(RPCError) in try theory { () throws(TheoryError) in try Mode(parsing: text) } } ?? base.mode
            let root = try params.root.map { text throws(RPCError) in try theory { () throws(TheoryError) in try RootNote(parsing: text) } } ?? base.root
            _ = try theory { () throws(TheoryError) in try root.scale(mode) }
            return .scale(ScaleExercise(
                mode: mode, root: root, matching: strict ?? base.matching,
                newRandomRootEachRound: params.randomRoot ?? base.newRandomRootEachRound,
                newRandomModeEachRound: params.randomMode ?? base.newRandomModeEachRound))
        } else {
            let base = defaults.interval
            var root = base.root
            if let text = params.root {
                root = text == "random" ? nil : try theory { () throws(TheoryError) in try RootNote(parsing: text) }
            }
            var intervals = base.intervals
            if let names = params.intervals {
                guard !names.isEmpty else { throw .invalidParams("intervals must name at least one interval") }
                intervals = []
                for name in names { intervals.append(try theory { () throws(TheoryError) in try SpelledInterval(parsing: name) }) }
            }
            // `extended` adds the compound intervals to the set, given or default, as
            // `eartrainctl start interval --extended` says; it used to replace a given set.
            if params.extended == true {
                intervals += IntervalExercise.extensionIntervals.filter { !intervals.contains($0) }
            }
            let tries = params.tries ?? base.triesBeforeReveal
            guard (1...20).contains(tries) else { throw .invalidParams("tries must be 1-20, got \(tries)") }
            return .interval(IntervalExercise(
                root: root, intervals: intervals, direction: params.direction ?? base.direction, matching: strict ?? base.matching,
                triesBeforeReveal: tries, adaptive: params.adaptive ?? base.adaptive,
                echoAnswer: params.echoAnswer ?? base.echoAnswer))
        }
    }

    /// Settings changed by the params (tuning, reference), applied from the next prompt.
    static func settings(from params: SessionStartParams, base: TrainingSettings) throws(RPCError) -> TrainingSettings {
        var settings = base
        if let tuning = params.tuning { settings.tuningSystem = tuning }
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
