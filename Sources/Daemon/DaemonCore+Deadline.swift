extension DaemonCore {
    /// Sets the alarm for the open question's deadline (a rhythm's play-back is judged once its
    /// time is over, keys or no keys); a question without one, or one answered, needs none.
    func wakeAtDeadline() {
        deadlineAlarm.set(engine.deadline, now: currentTime) { deadline in await self.deadlineReached(deadline) }
    }

    /// The wake-up came: past the deadline on the core's clock, the engine hears of it; early
    /// (a timer that woke before the clock got there), it waits again.
    private func deadlineReached(_ deadline: Duration) {
        guard deadlineAlarm.rang(deadline) else { return }
        guard currentTime >= deadline else {
            wakeAtDeadline()
            return
        }
        deliverTimePassed()
    }
}
