extension DaemonCore {
    /// Sets a wake-up for the open question's deadline (a rhythm's play-back is judged once its
    /// time is over, keys or no keys); a question without one, or one answered, needs none.
    func wakeAtDeadline() {
        guard let deadline = engine.deadline else {
            deadlineWake?.task.cancel()
            deadlineWake = nil
            return
        }
        guard deadlineWake?.deadline != deadline else { return }
        deadlineWake?.task.cancel()
        let wait = deadline - currentTime
        let task = Task {
            try? await Task.sleep(for: max(wait, .zero))
            guard !Task.isCancelled else { return }
            await self.deadlineReached(deadline)
        }
        deadlineWake = (task, deadline)
    }

    /// The wake-up came: past the deadline on the core's clock, the engine hears of it; early
    /// (a timer that woke before the clock got there), it waits again.
    private func deadlineReached(_ deadline: Duration) {
        guard deadlineWake?.deadline == deadline else { return }
        deadlineWake = nil
        guard currentTime >= deadline else {
            wakeAtDeadline()
            return
        }
        deliverTimePassed()
    }
}
