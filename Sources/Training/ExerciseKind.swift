import MusicTheory

/// What a session trains, by name: `scale` or `interval`. The config file's `exercise`, the socket's
/// `kind`, `status`, the events and the statistics all say it with this type.
public enum ExerciseKind: String, NamedChoice {
    /// Play a mode upward, note by note (`ScaleExercise`).
    case scale
    /// Play the note an interval away from a sounded root (`IntervalExercise`).
    case interval
}

extension ExerciseKind: CustomStringConvertible {
    /// The name: `scale`, `interval`.
    public var description: String { rawValue }
}

extension Exercise {
    /// Which kind of exercise this is.
    public var kind: ExerciseKind {
        switch self {
        case .scale: .scale
        case .interval: .interval
        }
    }
}
