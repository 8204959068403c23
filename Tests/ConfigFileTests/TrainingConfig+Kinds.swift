import ConfigFile
import Training

/// The two standard kinds' sections, read back as their options for the tests that check them.
extension TrainingConfig {
    var scale: ScaleExercise { exercises[.scale].options(as: ScaleExercise.self)! }
    var interval: IntervalExercise { exercises[.interval].options(as: IntervalExercise.self)! }
}
