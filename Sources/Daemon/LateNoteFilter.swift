import MusicTheory
import Training

/// Keeps the keyboard's notes current when the core falls behind the input (a flood of events, a
/// broken device): a note that arrived longer ago than `limit` is no longer an answer, so it is
/// dropped before it reaches the core instead of being judged minutes late. Control changes always
/// pass, so the pedals' state stays right, and so does the note-off of a key whose note-on passed,
/// however late: a held key sounds until its note-off, so dropping that would leave it ringing.
///
/// Without it, a flood the kernel let through queued every note for the core: in the VM, the last
/// of 4,232–5,859 notes was judged 102–258 s after a flood of 2–5 s began (docs/reliability.md).
public struct LateNoteFilter: Sendable {
    /// What to do with one message.
    public enum Decision: Sendable, Equatable {
        case pass
        case drop
        /// Dropped, and the first of a run of drops: say so once, with the total so far.
        case dropAndReport(total: Int)
    }

    /// The oldest a note may be and still reach the core.
    public let limit: Duration
    /// How many notes (on and off) have been dropped.
    public private(set) var dropped = 0
    private var dropping = false
    /// The keys whose note-on passed and whose note-off has not come yet.
    private var sounding = Set<MIDINote>()

    public init(limit: Duration = .seconds(2)) {
        self.limit = limit
    }

    /// Whether a message of `kind` that arrived `age` ago goes on to the core.
    public mutating func decide(_ kind: KeyboardEvent.Kind, age: Duration) -> Decision {
        switch kind {
        case .controlChange, .pitchBend:
            return .pass
        case .noteOff(let note, _), .noteOn(let note, velocity: 0):
            if sounding.remove(note) != nil { return .pass }
        case .noteOn(let note, _):
            if age <= limit { sounding.insert(note) }
        }
        guard age > limit else {
            dropping = false
            return .pass
        }
        dropped += 1
        defer { dropping = true }
        return dropping ? .drop : .dropAndReport(total: dropped)
    }
}
