/// A MIDI file as a score: each track that holds pitched notes is a part (percussion, channel 10,
/// is left out), its notes at their ticks in quarter notes, its bars from the time signatures
/// (4/4 until one says otherwise) and its key from the key signatures.
enum MIDIScore {
    static func score(_ file: MIDIFile) throws(ScoreError) -> Score {
        guard let ticks = file.ticksPerQuarter else {
            throw ScoreError("the MIDI file is timed in SMPTE frames, not beats: it has no bars to cut phrases at")
        }
        // Meters and keys, from every track (type 1 files keep them in the first).
        var meters: [(tick: Int, beats: Int, beatType: Int)] = []
        var keys: [(tick: Int, fifths: Int, minor: Bool)] = []
        var names: [Int: String] = [:]
        for (index, track) in file.tracks.enumerated() {
            for event in track {
                switch event.kind {
                case .timeSignature(let numerator, let denominator) where numerator > 0: meters.append((event.tick, numerator, denominator))
                case .keySignature(let fifths, let minor): keys.append((event.tick, fifths, minor))
                case .trackName(let name) where names[index] == nil: names[index] = name
                default: continue
                }
            }
        }
        meters.sort { $0.tick < $1.tick }
        keys.sort { $0.tick < $1.tick }
        var parts: [Score.Part] = []
        var end = 0
        for index in file.tracks.indices {
            let notes = file.notes(track: index).filter { $0.channel != 9 }
            guard !notes.isEmpty else { continue }
            end = max(end, notes.map { $0.start + $0.length }.max() ?? 0)
            var rests: [ClosedRange<QuarterTime>] = []
            var sounding = 0
            for note in notes {
                if note.start > sounding { rests.append(QuarterTime(sounding, ticks)...QuarterTime(note.start, ticks)) }
                sounding = max(sounding, note.start + note.length)
            }
            parts.append(Score.Part(
                id: "track \(index + 1)", name: names[index] ?? "track \(index + 1)",
                notes: notes.map { Score.Note(key: $0.key, onset: QuarterTime($0.start, ticks), duration: QuarterTime($0.length, ticks)) },
                rests: rests, bars: []))
        }
        let bars = Self.bars(until: end, ticks: ticks, meters: meters, keys: keys)
        return Score(title: names[0], parts: parts.map { Score.Part(id: $0.id, name: $0.name, notes: $0.notes, rests: $0.rests, bars: bars) })
    }

    /// Bars from the start to `end` ticks: each as long as the meter in force where it begins.
    static func bars(until end: Int, ticks: Int, meters: [(tick: Int, beats: Int, beatType: Int)],
                     keys: [(tick: Int, fifths: Int, minor: Bool)]) -> [Score.Bar] {
        var bars: [Score.Bar] = []
        var tick = 0
        while tick < end, bars.count < 100_000 {
            let meter = meters.last { $0.tick <= tick } ?? (0, 4, 4)
            let key = keys.last { $0.tick <= tick } ?? (0, 0, false)
            let length = max(1, meter.beats * ticks * 4 / max(1, meter.beatType))
            // A meter that changes inside this bar ends it there.
            let next = meters.first { $0.tick > tick && $0.tick < tick + length }?.tick ?? tick + length
            bars.append(Score.Bar(number: "\(bars.count + 1)", onset: QuarterTime(tick, ticks), length: QuarterTime(next - tick, ticks),
                                  beats: meter.beats, beatType: meter.beatType, fifths: key.fifths, minor: key.minor))
            tick = next
        }
        return bars
    }
}
