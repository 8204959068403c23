extension MIDIFile {
    /// A note as it sounds: its key, from `start` for `length` ticks, on `channel`.
    public struct Note: Sendable, Equatable {
        public let key: Int
        public let channel: Int
        public let velocity: Int
        public let start: Int
        public let length: Int

        public init(key: Int, channel: Int, velocity: Int, start: Int, length: Int) {
            (self.key, self.channel, self.velocity, self.start, self.length) = (key, channel, velocity, start, length)
        }
    }

    /// The notes of track `index` (from 0): each note-on paired with the next note-off of its
    /// channel and key, the earliest sounding one first when a key is struck again before its
    /// release; a note never released ends with the track. In order of start, then key.
    public func notes(track index: Int) -> [Note] {
        let events = tracks[index]
        var sounding: [Int: [(start: Int, velocity: Int)]] = [:]  // channel * 128 + key
        var notes: [Note] = []
        for event in events {
            switch event.kind {
            case .noteOn(let channel, let key, let velocity):
                sounding[channel * 128 + key, default: []].append((event.tick, velocity))
            case .noteOff(let channel, let key):
                guard var open = sounding[channel * 128 + key], !open.isEmpty else { continue }
                let struck = open.removeFirst()
                sounding[channel * 128 + key] = open
                notes.append(Note(key: key, channel: channel, velocity: struck.velocity, start: struck.start, length: event.tick - struck.start))
            default: continue
            }
        }
        let end = events.last?.tick ?? 0
        for (slot, open) in sounding {
            for struck in open {
                notes.append(Note(key: slot % 128, channel: slot / 128, velocity: struck.velocity, start: struck.start, length: end - struck.start))
            }
        }
        return notes.sorted { ($0.start, $0.key, $0.channel) < ($1.start, $1.key, $1.channel) }
    }

    /// Ticks a quarter note; nil for a timecode file, whose ticks are fractions of a second.
    public var ticksPerQuarter: Int? {
        if case .ticksPerQuarter(let ticks) = division { return ticks }
        return nil
    }
}
