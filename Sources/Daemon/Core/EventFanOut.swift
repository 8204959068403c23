import ControlProtocol
import Training

/// Every report the core makes, numbered in order and handed to each follower (stdout, the
/// subscribers, the statistics, the voice): a training event, formatted once, or a device change.
struct EventFanOut {
    /// The last report's `seq`.
    private(set) var sequence = 0
    private var followers: [any EventFollower] = []
    private var formatter = EventFormatter()

    /// A follower hears every report from now on.
    mutating func add(_ follower: any EventFollower) {
        followers.append(follower)
    }

    /// No follower hears what comes next (the daemon has ended); the numbering goes on.
    mutating func removeFollowers() {
        followers.removeAll()
    }

    /// Reports `event`; a session's start names its student (`profile`, asked only then).
    mutating func report(_ event: TrainingEvent, profile: () -> String?) {
        sequence += 1
        var report = formatter.report(event, seq: sequence)
        if case .sessionStarted = event.kind, let profile = profile() { report.attach(profile: profile) }
        for follower in followers { follower.follow(report, event: event) }
    }

    /// Hands a listening reading to the followers that take readings. It is not numbered: it
    /// carries the `seq` of the report before it.
    func reading(_ reading: ListenReading, sessionSeconds: Double) {
        let text = "listen: " + (reading.note.map { "\($0) " + String(format: "%+.1f c", reading.cents ?? 0) } ?? "no pitch")
            + (reading.levelDB.map { String(format: ", %.0f dB", $0) } ?? "")
        let report = EventReport(seq: sequence, type: "listen", topic: .listen, sessionSeconds: sessionSeconds, text: text,
                                 details: Wire.value(reading))
        for follower in followers { follower.follow(reading: report) }
    }

    /// Reports a device change (a keyboard plugged in or out, the sound device lost or found).
    mutating func deviceChanged(_ text: String) {
        sequence += 1
        let report = EventReport(
            seq: sequence, type: "device", topic: .device, sessionSeconds: 0, text: text,
            details: Wire.value(DeviceDetails(message: text)))
        for follower in followers { follower.follow(report, event: nil) }
    }
}
