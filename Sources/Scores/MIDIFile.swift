/// A Standard MIDI File, type 0 or 1 (type 2, independent patterns, is read too but rarely
/// written): its tracks' events at their absolute times in ticks.
///
/// The reader follows the format's definition (the MIDI Manufacturers Association's "Standard
/// MIDI Files 1.0"): chunks of a type and a length, unknown chunk types skipped, running status,
/// a note-on at velocity 0 as a note-off, system-exclusive and meta events with their lengths.
/// Every fault names its byte.
public struct MIDIFile: Sendable {
    /// How a tick relates to time: a number of ticks a quarter note (almost every file), or
    /// frames a second and ticks a frame (SMPTE).
    public enum Division: Sendable, Equatable {
        case ticksPerQuarter(Int)
        case timecode(framesPerSecond: Int, ticksPerFrame: Int)
    }

    /// One event of a track, at `tick` from the track's start.
    public struct Event: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case noteOn(channel: Int, key: Int, velocity: Int)
            case noteOff(channel: Int, key: Int)
            case program(channel: Int, number: Int)
            /// Microseconds a quarter note.
            case tempo(microsecondsPerQuarter: Int)
            case timeSignature(numerator: Int, denominator: Int)
            /// Sharps (positive) or flats (negative), and whether minor.
            case keySignature(fifths: Int, minor: Bool)
            case trackName(String)
            case instrumentName(String)
            /// A marker, a lyric, a cue: text this reader keeps but does not interpret.
            case text(type: Int, String)
            /// Controllers, pitch bend, pressure, system-exclusive and other meta events.
            case other
        }

        public let tick: Int
        public let kind: Kind
    }

    public let format: Int
    public let division: Division
    public let tracks: [[Event]]

    /// Reads a file's bytes.
    public init(bytes: [UInt8]) throws(ScoreError) {
        guard bytes.count <= ScoreError.maximumBytes else { throw .tooLarge(bytes.count) }
        guard bytes.count >= 4, Array(bytes.prefix(4)) == Array("MThd".utf8) else {
            throw ScoreError("not a MIDI file: it does not begin with \"MThd\"")
        }
        var reader = ByteReader(bytes, from: 4)
        let headerLength = try reader.bigEndian(4, "the header's length")
        guard headerLength >= 6 else { throw ScoreError("the MIDI header is \(headerLength) bytes long; it must be at least 6") }
        var header = ByteReader(bytes, from: reader.offset, to: min(bytes.count, reader.offset + headerLength))
        format = try header.bigEndian(2, "the format")
        let trackCount = try header.bigEndian(2, "the number of tracks")
        let rawDivision = try header.bigEndian(2, "the division")
        _ = try reader.take(headerLength, "the header")
        guard (0...2).contains(format) else { throw ScoreError("MIDI format \(format) is unknown (0, 1 and 2 exist)") }
        if rawDivision & 0x8000 == 0 {
            guard rawDivision > 0 else { throw ScoreError("the header gives 0 ticks a quarter note") }
            division = .ticksPerQuarter(rawDivision)
        } else {
            let frames = -Int(Int8(bitPattern: UInt8(rawDivision >> 8)))
            guard [24, 25, 29, 30].contains(frames), rawDivision & 0xFF > 0 else {
                throw ScoreError("the header's timecode division (\(frames) frames a second, \(rawDivision & 0xFF) ticks a frame) is not one MIDI defines")
            }
            division = .timecode(framesPerSecond: frames, ticksPerFrame: rawDivision & 0xFF)
        }

        var tracks: [[Event]] = []
        while tracks.count < trackCount, !reader.atEnd {
            let type = try reader.take(4, "a chunk's type")
            let length = try reader.bigEndian(4, "a chunk's length")
            let start = reader.offset
            guard length <= bytes.count - start else {
                throw ScoreError("truncated: track \(tracks.count + 1) says it is \(length) bytes from byte \(start), but the file ends \(bytes.count - start) bytes on")
            }
            _ = try reader.take(length, "a chunk")
            // Chunks of other types are skipped, as the format asks of readers.
            guard Array(type) == Array("MTrk".utf8) else { continue }
            tracks.append(try Self.events(ByteReader(bytes, from: start, to: start + length), track: tracks.count + 1))
        }
        guard tracks.count == trackCount else {
            throw ScoreError("truncated: the header announces \(trackCount) tracks, the file holds \(tracks.count)")
        }
        self.tracks = tracks
    }

    /// One track chunk's events.
    private static func events(_ chunk: ByteReader, track: Int) throws(ScoreError) -> [Event] {
        var reader = chunk
        var events: [Event] = []
        var tick = 0
        var running: UInt8?
        while !reader.atEnd {
            tick += try reader.variableLength("track \(track)'s delta time")
            var status = try reader.byte("track \(track)'s event")
            var first: UInt8?
            if status < 0x80 {
                guard let running else {
                    throw ScoreError("track \(track) has a data byte (\(status)) where an event must begin, at byte \(reader.offset - 1)")
                }
                first = status
                status = running
            }
            switch status {
            case 0xFF:
                let type = Int(try reader.byte("track \(track)'s meta event type"))
                let length = try reader.variableLength("track \(track)'s meta event length")
                let data = Array(try reader.take(length, "track \(track)'s meta event"))
                if type == 0x2F { return events }  // end of track: what follows is not the track's
                events.append(Event(tick: tick, kind: meta(type, data)))
            case 0xF0, 0xF7:
                let length = try reader.variableLength("track \(track)'s system-exclusive length")
                _ = try reader.take(length, "track \(track)'s system-exclusive message")
                running = nil
                events.append(Event(tick: tick, kind: .other))
            case 0x80...0xEF:
                running = status
                let channel = Int(status & 0x0F)
                let data1: UInt8
                if let first { data1 = first } else { data1 = try reader.byte("track \(track)'s channel message") }
                guard data1 < 0x80 else { throw ScoreError("track \(track) has a status byte where data must be, at byte \(reader.offset - 1)") }
                let needsTwo = !(0xC0...0xDF).contains(status)
                let data2 = needsTwo ? try reader.byte("track \(track)'s channel message") : 0
                guard data2 < 0x80 else { throw ScoreError("track \(track) has a status byte where data must be, at byte \(reader.offset - 1)") }
                switch status & 0xF0 {
                case 0x90 where data2 > 0: events.append(Event(tick: tick, kind: .noteOn(channel: channel, key: Int(data1), velocity: Int(data2))))
                case 0x80, 0x90: events.append(Event(tick: tick, kind: .noteOff(channel: channel, key: Int(data1))))
                case 0xC0: events.append(Event(tick: tick, kind: .program(channel: channel, number: Int(data1))))
                default: events.append(Event(tick: tick, kind: .other))
                }
            default:
                throw ScoreError("track \(track) has a system message (\(status)) a MIDI file may not hold, at byte \(reader.offset - 1)")
            }
        }
        return events  // no end-of-track event: read to the chunk's end, as most readers do
    }

    private static func meta(_ type: Int, _ data: [UInt8]) -> Event.Kind {
        let text = String(decoding: data, as: UTF8.self)
        switch type {
        case 0x51 where data.count == 3:
            return .tempo(microsecondsPerQuarter: Int(data[0]) << 16 | Int(data[1]) << 8 | Int(data[2]))
        case 0x58 where data.count >= 2 && data[1] < 8:
            return .timeSignature(numerator: Int(data[0]), denominator: 1 << Int(data[1]))
        case 0x59 where data.count == 2:
            return .keySignature(fifths: Int(Int8(bitPattern: data[0])), minor: data[1] == 1)
        case 0x03: return .trackName(text)
        case 0x04: return .instrumentName(text)
        case 0x01...0x0F: return .text(type: type, text)
        default: return .other
        }
    }
}
