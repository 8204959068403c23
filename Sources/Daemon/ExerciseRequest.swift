import ControlProtocol
import MusicTheory
import Training

/// Turns `session.start` params into an exercise: the kind's module reads its own params over
/// the defaults (the config file's `[training.<kind>]`); anything it refuses is an invalid-params
/// error that lists what is accepted (the kind and tuning were refused so when decoded).
enum ExerciseRequest {
    static func exercise(from params: SessionStartParams, defaults: ExerciseDefaults) throws(RPCError) -> Exercise {
        do {
            return try defaults[params.kind].options.options(from: params.exercise)
        } catch {
            throw .invalidParams(error.description)
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
