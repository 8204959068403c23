/// Every exercise kind the daemon offers: the one list a new kind is added to. The socket, the
/// config file, the command line, `status`, the events and the statistics find kinds here.
public enum ExerciseCatalog {
    /// The kinds, in the order their names are listed.
    public static let standard: [any ExerciseModule.Type] = [ScaleExercise.self, IntervalExercise.self, EarIntervalExercise.self, ChordExercise.self, DegreeExercise.self, DictationExercise.self, RhythmExercise.self, ProgressionExercise.self,
                                                          CompareExercise.self, PureExercise.self, MatchExercise.self,
                                                          SightSingExercise.self]

    /// Kinds added for the length of a task (a test's own kind), after the standard ones.
    @TaskLocal public static var added: [any ExerciseModule.Type] = []

    /// The standard kinds and those added.
    public static var all: [any ExerciseModule.Type] { added.isEmpty ? standard : standard + added }

    /// The module whose kind is `name` (exactly as declared), or nil.
    public static func module(named name: String) -> (any ExerciseModule.Type)? {
        all.first { $0.kind.rawValue == name }
    }
}
