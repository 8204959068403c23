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

    /// The plan moved to `exercise`'s lesson (nil: its end) when a session ended: said by the
    /// plan's follower among the followers of the core's report, and prepared before the core's
    /// turn ends, so the `status` that answers a stop already has the next lesson ready.
    public nonisolated func lessonMoved(to exercise: Exercise?) {
        movedLesson.withLock { $0 = .some(exercise) }
    }

    /// Prepares the lesson the plan moved to during this turn, if it moved.
    func prepareMovedLesson() {
        guard let moved = movedLesson.withLock({ moved in
            defer { moved = nil }
            return moved
        }) else { return }
        prepareLesson(moved)
    }
}
