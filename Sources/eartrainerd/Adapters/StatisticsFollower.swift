import ControlProtocol
import Daemon
import Foundation
import Statistics
import Synchronization
import Training

/// Hands the engine's events to the statistics recorder on a thread of its own: each answer is
/// written to disk (fsync) before `record` returns, which must never block the core or the
/// cooperative thread pool that serves the socket and the keyboard.
final class StatisticsFollower: EventFollower {
    let recorder: StatisticsRecorder
    private let queue = Mutex<(events: [TrainingEvent], finished: Bool)>(([], false))
    private let wake = DispatchSemaphore(value: 0)

    init(recorder: StatisticsRecorder) {
        self.recorder = recorder
    }

    func follow(_ report: EventReport, event: TrainingEvent?) {
        guard let event else { return }
        queue.withLock { $0.events.append(event) }
        wake.signal()
    }

    /// Records on the writer thread until `finish()`, then drains what is left, so a graceful
    /// stop still stores the session's end. Returns when the thread is done.
    func run() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread { [self] in
                while true {
                    wake.wait()
                    let (events, finished) = queue.withLock { state in
                        defer { state.events.removeAll() }
                        return (state.events, state.finished)
                    }
                    for event in events { recorder.record(event) }
                    if finished { break }
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

    /// How `status` describes the store.
    var state: DaemonCore.StorageState {
        switch recorder.store.status {
        case .available(let location): DaemonCore.StorageState(summary: "available", database: location, profile: recorder.profile)
        case .unavailable(let reason): DaemonCore.StorageState(summary: "unavailable: \(reason)", profile: recorder.profile)
        }
    }
}
