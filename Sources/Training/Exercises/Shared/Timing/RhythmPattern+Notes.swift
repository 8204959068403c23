extension RhythmPattern {
    /// The bars a pattern of `notes` notes takes at `level`: about a note a beat, more bars when
    /// the level's cells cannot hold that many notes in fewer.
    public static func bars(holding notes: Int, meter: Meter, level: RhythmLevel) -> Int {
        let most = RhythmCell.fillings(meter: meter, level: level)[meter.beatsPerBar].max() ?? 1
        var bars = max(1, (notes + meter.beatsPerBar - 1) / meter.beatsPerBar)
        while bars * most < notes { bars += 1 }
        return bars
    }

    /// A pattern of exactly `notes` notes (a melody's rhythm) in `bars(holding:)` bars of `meter`,
    /// drawn cell by cell from the cells `level` allows, as `draw(meter:bars:level:)` draws, each
    /// cell chosen among those after which the notes left still fit the beats left.
    public static func draw(meter: Meter, notes: Int, level: RhythmLevel, random: inout SeededRandom) -> RhythmPattern {
        let cells = RhythmCell.cells(for: meter, upTo: level)
        let fillings = RhythmCell.fillings(meter: meter, level: level)
        let bars = bars(holding: notes, meter: meter, level: level)
        // The note counts `count` whole bars can hold.
        var wholeBars: [Set<Int>] = [[0]]
        for _ in 0..<bars { wholeBars.append(Set(wholeBars.last!.flatMap { held in fillings[meter.beatsPerBar].map { held + $0 } })) }
        var fallback: RhythmPattern?
        for _ in 0..<64 {
            var values: [Value] = []
            var levels: Set<Int> = []
            var left = notes
            var stuck = false
            for bar in 0..<bars where !stuck {
                var beat = 0
                while beat < meter.beatsPerBar {
                    let fitting = cells.filter { cell in
                        let after = meter.beatsPerBar - beat - cell.beats
                        guard after >= 0, values.isEmpty ? !(cell.values.first?.isRest ?? true) : true else { return false }
                        let remaining = left - cell.notes
                        return fillings[after].contains { wholeBars[bars - bar - 1].contains(remaining - $0) }
                    }
                    guard let cell = fitting.randomElement(using: &random) else { stuck = true; break }
                    values += cell.values
                    levels.insert(cell.level)
                    left -= cell.notes
                    beat += cell.beats
                }
            }
            guard !stuck, left == 0 else { continue }
            if let last = values.indices.last { values[last].tiedToNext = false }
            let pattern = RhythmPattern(meter: meter, values: values)
            if levels.contains(level.number) || !cells.contains(where: { $0.level == level.number }) { return pattern }
            fallback = fallback ?? pattern
        }
        // A note a beat, then the rest held: always `notes` notes when the bars hold them.
        return fallback ?? RhythmPattern(meter: meter, values: (0..<notes).map { _ in Value(meter.unitsPerBeat) }
            + Array(repeating: Value(meter.unitsPerBeat, rest: true), count: max(0, bars * meter.beatsPerBar - notes)))
    }
}

extension RhythmCell {
    /// The notes it sounds (a tied pair is one).
    var notes: Int { RhythmPattern(meter: .fourFour, values: values).notes.count }

    /// For each number of beats up to a bar, the note counts the level's cells can fill it with.
    static func fillings(meter: Meter, level: RhythmLevel) -> [Set<Int>] {
        let cells = cells(for: meter, upTo: level)
        var fillings: [Set<Int>] = [[0]]
        for beats in 1...meter.beatsPerBar {
            fillings.append(Set(cells.filter { $0.beats <= beats }.flatMap { cell in fillings[beats - cell.beats].map { $0 + cell.notes } }))
        }
        return fillings
    }
}
