import MusicTheory
import Training

/// Keys pressed together at one time on the core's clock.
struct TimedKeys: Sendable {
    var keys: [MIDINote]
    var time: Duration

    init(_ keys: [MIDINote], at time: Duration) {
        self.keys = keys
        self.time = time
    }
}

extension DaemonCore {
    /// The virtual keyboard with times (`notes.play` with onsets, `eartrainctl play C3@0 C3@0.5`):
    /// a rhythm played back without a keyboard. Each group of keys sounds at its onset from now
    /// and is read stamped with that time, as a keyboard's own timestamps are, so a busy machine
    /// that wakes late moves no judgement. When the session playing at the first group ends (a
    /// stop, a new session), the groups not yet played are dropped. Returns the `seq` before the
    /// first report this caused and the last one's.
    public func play(_ groups: [(keys: [MIDINote], onset: Duration)], velocity: Int = 90) async -> (after: Int, through: Int) {
        let start = currentTime
        var before: Int?
        var through = 0
        var session: Int?
        for group in groups {
            let due = start + group.onset
            let wait = due - currentTime
            if wait > .zero { try? await Task.sleep(for: wait) }
            if let session, session != sessionChanges { break }
            let reports = play([TimedKeys(group.keys, at: due)], velocity: velocity)
            before = before ?? reports.after
            through = reports.through
            session = sessionChanges
        }
        return (before ?? through, through)
    }
}
