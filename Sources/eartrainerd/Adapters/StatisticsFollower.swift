import ControlProtocol
import Daemon
import Statistics
import Training

/// Hands the engine's events to the statistics recorder on a task of its own: each answer is
/// written to disk before `record` returns (milliseconds), and the daemon's core never waits for it.
final class StatisticsFollower: EventFollower {
    let recorder: StatisticsRecorder
    private let queue: AsyncStream<TrainingEvent>.Continuation
    private let events: AsyncStream<TrainingEvent>

    init(recorder: StatisticsRecorder) {
        self.recorder = recorder
        (events, queue) = AsyncStream.makeStream(of: TrainingEvent.self)
    }

    func follow(_ report: EventReport, event: TrainingEvent?) {
        if let event { queue.yield(event) }
    }

    /// Records until `finish()`, then drains what is left, so a graceful stop stores the session's end.
    func run() async {
        for await event in events { recorder.record(event) }
    }

    func finish() {
        queue.finish()
    }

    /// How `status` describes the store.
    var state: DaemonCore.StorageState {
        switch recorder.store.status {
        case .available(let location): DaemonCore.StorageState(summary: "available", database: location, profile: recorder.profile)
        case .unavailable(let reason): DaemonCore.StorageState(summary: "unavailable: \(reason)", profile: recorder.profile)
        }
    }
}
