import MusicTheory
import Training

/// Keys pressed together at one time on the core's clock, and released with it or later.
struct TimedKeys: Sendable {
    var keys: [MIDINote]
    var time: Duration
    /// What happens to the keys at `time`: pressed and released at once, pressed and held, or
    /// released after being held.
    var touch: Touch

    enum Touch: Sendable { case struck, pressed, released }

    init(_ keys: [MIDINote], at time: Duration, _ touch: Touch = .struck) {
        self.keys = keys
        self.time = time
        self.touch = touch
    }
}

extension DaemonCore {
    /// The virtual keyboard with times (`notes.play` with onsets, `eartrainctl play C3@0 C3@0.5`):
    /// a rhythm played back without a keyboard. Each group of keys sounds at its onset from now
    /// and is read stamped with that time, as a keyboard's own timestamps are, so a busy machine
    /// that wakes late moves no judgement. When the session playing at the first group ends (a
    /// stop, a new session), the groups not yet played are dropped. A play-back the keys leave
    /// open until its deadline (a rhythm with notes missing) is waited for. Returns the `seq`
    /// before the first report this caused and the last one's.
    public func play(_ groups: [(keys: [MIDINote], onset: Duration)], velocity: Int = 90) async -> (after: Int, through: Int) {
        await play(groups.map { (keys: $0.keys, onset: $0.onset, length: nil) }, velocity: velocity)
    }

    /// The same, each group held for its `length` when it has one (`C3@0.5+0.25`: a note-off
    /// 0.25 s after its onset, as a key held that long gives), else released as it is pressed.
    public func play(_ groups: [(keys: [MIDINote], onset: Duration, length: Duration?)], velocity: Int = 90) async -> (after: Int, through: Int) {
        let start = currentTime
        var before: Int?
        var through = 0
        var session: Int?
        for moment in Self.moments(groups) {
            let due = start + moment.time
            let wait = due - currentTime
            if wait > .zero { try? await Task.sleep(for: wait) }
            if let session, session != sessionChanges { break }
            let reports = play([TimedKeys(moment.keys, at: due, moment.touch)], velocity: velocity)
            before = before ?? reports.after
            through = reports.through
            session = sessionChanges
        }
        // A play-back the keys left open (a rhythm too short) is judged at its deadline: the
        // reply waits for it, so that it reports what the keys came to.
        if let deadline = engine.deadline, session == nil || session == sessionChanges {
            let wait = deadline - currentTime
            if wait > .zero { try? await Task.sleep(for: wait) }
            if engine.deadline == deadline {
                deliverTimePassed()
            }
            through = max(through, sequenceNow)
        }
        return (before ?? through, through)
    }

    /// Every press and release of `groups`, in time order (at one time, in the order given).
    private static func moments(_ groups: [(keys: [MIDINote], onset: Duration, length: Duration?)]) -> [TimedKeys] {
        let moments = groups.flatMap { group -> [TimedKeys] in
            guard let length = group.length else { return [TimedKeys(group.keys, at: group.onset)] }
            return [TimedKeys(group.keys, at: group.onset, .pressed), TimedKeys(group.keys, at: group.onset + length, .released)]
        }
        return moments.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }
}
