/// Wakes the core at the open question's deadline (a rhythm's play-back is judged once its time
/// is over, keys or no keys): one wake-up at a time, set again only when the deadline changes.
struct DeadlineAlarm {
    private var wake: (task: Task<Void, Never>, deadline: Duration)?

    /// The deadline the alarm is set for; nil: none.
    var deadline: Duration? { wake?.deadline }

    /// Sets the alarm for `deadline`, `now` being the core's clock (nil, or a question answered:
    /// none). `ring` is called with the deadline after the wait, unless the alarm was set again.
    mutating func set(_ deadline: Duration?, now: Duration, ring: @escaping @Sendable (Duration) async -> Void) {
        guard let deadline else {
            cancel()
            return
        }
        guard wake?.deadline != deadline else { return }
        wake?.task.cancel()
        let wait = deadline - now
        let task = Task {
            try? await Task.sleep(for: max(wait, .zero))
            guard !Task.isCancelled else { return }
            await ring(deadline)
        }
        wake = (task, deadline)
    }

    /// Whether a wake-up for `deadline` is the alarm's own (not one set before): it is then spent.
    mutating func rang(_ deadline: Duration) -> Bool {
        guard wake?.deadline == deadline else { return false }
        wake = nil
        return true
    }

    mutating func cancel() {
        wake?.task.cancel()
        wake = nil
    }
}
