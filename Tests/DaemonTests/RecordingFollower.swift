import ControlProtocol
import Daemon
import Synchronization
import Training

/// A follower that keeps every report it is given.
final class RecordingFollower: EventFollower {
    private let reports = Mutex<[EventReport]>([])

    var all: [EventReport] { reports.withLock { $0 } }
    var texts: [String] { all.map(\.text) }

    func follow(_ report: EventReport, event: TrainingEvent?) {
        reports.withLock { $0.append(report) }
    }
}
