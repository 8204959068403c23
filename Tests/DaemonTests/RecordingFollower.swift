import ControlProtocol
import Daemon
import Synchronization
import Training

/// A follower that keeps every report it is given.
final class RecordingFollower: EventFollower {
    private let reports = Mutex<[EventReport]>([])
    private let engineEvents = Mutex<[TrainingEvent]>([])

    var all: [EventReport] { reports.withLock { $0 } }
    var texts: [String] { all.map(\.text) }
    /// The engine's events behind the reports, in order.
    var events: [TrainingEvent] { engineEvents.withLock { $0 } }

    func follow(_ report: EventReport, event: TrainingEvent?) {
        reports.withLock { $0.append(report) }
        if let event { engineEvents.withLock { $0.append(event) } }
    }
}
