/// What a session trains: a scale or intervals.
public enum Exercise: Sendable {
    /// Play a mode upward, note by note.
    case scale(ScaleExercise)
    /// Play the note an interval away from a sounded root.
    case interval(IntervalExercise)
}

extension Exercise: Hashable, Codable {}
