import MusicTheory

/// The notes currently held down, so they can be released when input is lost (an overrun, an
/// unplugged keyboard) and the trainer never hears a note that never ends.
struct HeldNotes: Sendable, Hashable {
    private var held: Set<Key> = []

    private struct Key: Hashable, Sendable {
        let channel: MIDIChannel
        let note: MIDINote
    }

    /// The number of notes held.
    var count: Int { held.count }

    /// Follows `message`: a note-on holds, a note-off releases.
    mutating func track(_ message: MIDIMessage) {
        switch message {
        case let .noteOn(channel, note, _):
            held.insert(Key(channel: channel, note: note))
        case let .noteOff(channel, note, _):
            held.remove(Key(channel: channel, note: note))
        case .controlChange, .pitchBend:
            break
        }
    }

    /// Note-offs for every held note, lowest channel and note first; afterwards nothing is held.
    mutating func releaseAll() -> [MIDIMessage] {
        let keys = held.sorted { ($0.channel.rawValue, $0.note.rawValue) < ($1.channel.rawValue, $1.note.rawValue) }
        held.removeAll()
        return keys.map { .noteOff(channel: $0.channel, note: $0.note, velocity: 0) }
    }
}
