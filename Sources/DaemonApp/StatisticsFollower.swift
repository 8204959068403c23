import ControlProtocol
import Daemon
import Foundation
import ServiceLifecycle
import Statistics
import Synchronization
import Training

/// Hands the engine's events to the statistics recorder on a thread of its own: whatever has
/// queued up is written in one transaction (one fsync), which must never block the core or the
/// cooperative thread pool that serves the socket and the keyboard.
///
/// It counts the reports it has finished with (`seq`), so a reply can wait until the answers it
/// acknowledges are on disk (`recorded(after:through:)`), and says on stdout when recording stops
/// or starts again (a full disk, space freed).
///
/// As a service it writes until the daemon's graceful shutdown. It is early in the group, so it
/// shuts down after the core: the session's end, reported by the core's shutdown, is still stored.
final class StatisticsFollower: EventFollower, Service {
    let recorder: StatisticsRecorder
    /// Says a line on stdout; the flag marks a warning.
    private let announce: @Sendable (String, Bool) -> Void
    private let queue = Mutex(Queue())
    private let progress = CommitProgress()
    /// The store's status last announced on stdout.
    private let announced: Mutex<StoreStatus>
    private let wake = DispatchSemaphore(value: 0)

    private struct Queue {
        var events: [StatisticsRecorder.Entry] = []
        /// The last report's `seq` handed over.
        var latest = 0
        var finished = false
    }

    /// How often held records are tried again while no new answer comes: twice the recorder's
    /// own interval (2 s), so that no try falls inside it and is skipped.
    static let retryInterval: DispatchTimeInterval = .milliseconds(Int(StatisticsRecorder.retryInterval * 2000))

    init(recorder: StatisticsRecorder, announce: @escaping @Sendable (String, Bool) -> Void = { _, _ in }) {
        self.recorder = recorder
        self.announce = announce
        announced = Mutex(recorder.store.status)
    }

    func follow(_ report: EventReport, event: TrainingEvent?) {
        queue.withLock { queue in
            if let event { queue.events.append(StatisticsRecorder.Entry(event: event, profile: report.sessionProfile)) }
            queue.latest = report.seq
        }
        wake.signal()
    }

    /// Records on the writer thread until `finish()` (or the graceful shutdown), then drains what is
    /// left, so a graceful stop still stores the session's end. Returns when the thread is done.
    func run() async {
        await withGracefulShutdownHandler {
            await write()
        } onGracefulShutdown: {
            self.finish()
        }
    }

    private func write() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread { [self] in
                // A database that could not be opened at start-up is announced as one that
                // starts failing later is.
                if case .failing(_, let reason) = recorder.store.status { announceFailing(reason) }
                while true {
                    // What a failing store refused is tried again now and then, not only with the
                    // next answer, so space freed after the last note still gets it written.
                    if recorder.heldCount == 0 { wake.wait() } else { _ = wake.wait(timeout: .now() + Self.retryInterval) }
                    let (events, through, finished) = queue.withLock { queue in
                        defer { queue.events.removeAll() }
                        return (queue.events, queue.latest, queue.finished)
                    }
                    let held = recorder.heldCount
                    var stored = recorder.record(entries: events)
                    // At exit what is held gets one more try, however soon after a refusal.
                    if finished && recorder.heldCount > 0 { stored = recorder.retryHeld(now: true) }
                    progress.finished(through: through, stored: stored, closing: finished)
                    announceChange(heldBefore: held)
                    if finished {
                        let lost = recorder.heldCount
                        if lost > 0 { announce("statistics: \(lost) held records could not be written before exit; they are lost", true) }
                        recorder.store.checkpoint()
                        break
                    }
                }
                done.resume()
            }
            thread.name = "eartrainer-statistics"
            thread.start()
        }
    }

    func finish() {
        queue.withLock { $0.finished = true }
        wake.signal()
    }

    /// Waits until every report after `after` up to `through` has been written; true when they
    /// are all on disk, false when something among them was not stored, or after `timeout`.
    func recorded(after: Int, through: Int, timeout: Duration = .seconds(10)) async -> Bool {
        await progress.stored(after: after, through: through, timeout: timeout)
    }

    /// Says on stdout when the store starts failing, fails for a new reason, or records again
    /// (with how many held records went in with that write).
    private func announceChange(heldBefore: Int) {
        let now = recorder.store.status
        let before = announced.withLock { announced in
            defer { announced = now }
            return announced
        }
        guard now != before else { return }
        switch now {
        case .failing(_, let reason):
            announceFailing(reason)
        case .unavailable(let reason):
            announce("statistics unavailable: \(reason); training goes on without them", true)
        case .available(let location):
            guard case .failing = before else { break }
            announce("statistics recorded again in \(location), with the \(heldBefore) records held while it failed", false)
        }
    }

    private func announceFailing(_ reason: String) {
        announce("statistics not recorded: \(reason); training goes on, and answers are held in memory (up to "
            + "\(StatisticsRecorder.heldLimit) records) until a write succeeds", true)
    }

    /// How `status` describes the store.
    var state: DaemonCore.StorageState {
        switch recorder.store.status {
        case .available(let location):
            DaemonCore.StorageState(summary: "available", database: location, profile: recorder.profile)
        case .failing(let location, let reason):
            DaemonCore.StorageState(
                summary: "failing: \(reason); \(recorder.heldCount) records held until a write succeeds", database: location,
                profile: recorder.profile)
        case .unavailable(let reason):
            DaemonCore.StorageState(summary: "unavailable: \(reason)", profile: recorder.profile)
        }
    }
}
