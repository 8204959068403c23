import MusicTheory

/// An interval exercise: hear a root, read an interval's name, play the note that far away. Its
/// options, questions and judging are the interval drill's (`IntervalDrill`, in
/// `Exercises/Shared/Intervals/`), which `ear-interval` asks too; this folder makes the drill a
/// kind: its name, its defaults, its config section and how its question is shown.
public typealias IntervalExercise = IntervalDrill
