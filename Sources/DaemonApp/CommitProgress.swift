import Synchronization

/// How far the statistics writer has got, by report `seq`, and the replies waiting for it: a
/// `notes.play` reply waits until its answers are committed (or have failed).
final class CommitProgress: Sendable {
    private struct State {
        /// Every report up to this `seq` has been written (or has failed).
        var handled = 0
        /// The last `seq` of the latest batch that was not stored.
        var lastFailed = 0
        /// The writer has stopped: nothing more will be written.
        var closed = false
        var waiters: [Int: Waiter] = [:]
        var nextWaiter = 0

        /// Whether the reports in (after, through] are stored; nil while the writer is not there yet.
        func outcome(after: Int, through: Int) -> Bool? {
            if handled >= through { return lastFailed <= after }
            return closed ? false : nil
        }
    }

    private struct Waiter {
        let after: Int
        let through: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private let state = Mutex(State())

    /// The writer has finished with every report up to `through`; `stored` false when its batch
    /// was not stored. `closing` when it writes no more.
    func finished(through: Int, stored: Bool, closing: Bool) {
        let ready = state.withLock { state in
            state.handled = max(state.handled, through)
            if !stored { state.lastFailed = through }
            state.closed = closing
            var ready: [(CheckedContinuation<Bool, Never>, Bool)] = []
            for (id, waiter) in state.waiters {
                guard let outcome = state.outcome(after: waiter.after, through: waiter.through) else { continue }
                ready.append((waiter.continuation, outcome))
                state.waiters.removeValue(forKey: id)
            }
            return ready
        }
        for (continuation, outcome) in ready { continuation.resume(returning: outcome) }
    }

    /// Waits until every report after `after` up to `through` has been written; true when they
    /// are all stored, false when something among them was not (a batch is all or none, so a
    /// failed batch that also held earlier reports counts), or after `timeout`.
    func stored(after: Int, through: Int, timeout: Duration) async -> Bool {
        if let ready = state.withLock({ $0.outcome(after: after, through: through) }) { return ready }
        return await withTaskGroup(of: Bool?.self) { group in
            group.addTask { await self.wait(after: after, through: through) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? false
        }
    }

    private func wait(after: Int, through: Int) async -> Bool {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Bool? in
                    if let ready = state.outcome(after: after, through: through) { return ready }
                    if Task.isCancelled { return false }
                    state.waiters[id] = Waiter(after: after, through: through, continuation: continuation)
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: false)
        }
    }
}
