import ControlProtocol
import Foundation
import Training

/// The lifetime threshold of a kind that finds one (`ExerciseModule.findsThreshold`, `compare`):
/// from the offsets its staircases asked, which hover about the student's threshold once a
/// session has settled. `LifetimeFigures.compute` and `FiguresTally` both take it from here, in
/// the same order, so their figures agree to the last bit.
enum ThresholdFigure {
    /// The answers a group's threshold is the geometric mean of: its latest.
    static let window = 20

    /// The offset an answer asked, when its kind finds a threshold and it carries one.
    static func offset(_ answer: AnswerRecord) -> Double? {
        guard let cents = answer.cents, cents > 0,
              ExerciseCatalog.module(named: answer.exercise.rawValue)?.findsThreshold == true else { return nil }
        return cents
    }

    /// The geometric mean of `offsets` (oldest first), nil for none.
    static func mean(_ offsets: some Collection<Double>) -> Double? {
        guard !offsets.isEmpty else { return nil }
        return exp(offsets.reduce(0) { $0 + log($1) } / Double(offsets.count))
    }
}

/// The lifetime mean error of a kind that measures one (`ExerciseModule.measuresTuningError`,
/// `match`): only its answers' cents are errors (a comparison's are the offsets it asked).
enum TuningErrorFigure {
    /// The signed error an answer was left with, when its kind measures one.
    static func error(_ answer: AnswerRecord) -> Double? {
        guard let cents = answer.cents,
              ExerciseCatalog.module(named: answer.exercise.rawValue)?.measuresTuningError == true else { return nil }
        return cents
    }
}
