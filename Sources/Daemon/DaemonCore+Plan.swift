import ControlProtocol
import Training

/// The lesson plan's part of the core: the lesson's exercise is what the next key begins, in
/// place of the config's, and `status` shows where the student is (docs/plans.md).
extension DaemonCore {
    /// Asks `status` where the student is in the plan at each `status`.
    public func setPlanStatus(_ status: @escaping @Sendable () -> PlanStatus?) {
        planStatus = status
        publish()
    }

    /// Makes `exercise`, the plan's current lesson, what the next key begins (nil: no plan, the
    /// config's exercise again). A running session goes on; the lesson is ready once it ends.
    public func prepareLesson(_ exercise: Exercise?) {
        lesson = exercise
        ready = exercise ?? configured ?? ready
        publish()
    }

    /// What the next key begins: the plan's lesson, the last exercise started, or the config's.
    public var readyExercise: Exercise? { ready }
}
