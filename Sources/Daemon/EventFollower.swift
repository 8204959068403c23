import ControlProtocol
import Training

/// Something that follows the daemon's events: stdout, socket subscribers, the statistics store.
/// Called in order, on the daemon core's own executor: keep it quick and never block for long.
public protocol EventFollower: Sendable {
    func follow(_ report: EventReport, event: TrainingEvent?)
    /// A `listen` reading (`LiveTuner`): for the socket's subscribers alone, never stdout, the
    /// statistics or the voice. Nothing by default.
    func follow(reading report: EventReport)
}

extension EventFollower {
    public func follow(reading report: EventReport) {}
}

/// The engine's sink: gathers events while the engine works, for the core to hand on afterwards.
final class EventCollector: TrainingEventSink {
    private(set) var pending: [TrainingEvent] = []

    func receive(_ event: TrainingEvent) {
        pending.append(event)
    }

    func drain() -> [TrainingEvent] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }
}

/// Settings the daemon can change between prompts (config reload, `session.start` options).
final class DaemonSettings: TrainingSettingsSource {
    var current: TrainingSettings

    init(_ settings: TrainingSettings) {
        current = settings
    }
}
