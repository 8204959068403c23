/// A stretch of a part's melody a student can be asked to take down: whole bars, cut where the
/// music breathes (a rest, a fermata) or where it grows longer than the bars asked for.
public struct Phrase: Sendable, Equatable {
    /// The melody's notes, one at a time, their onsets from the phrase's first bar line.
    public let notes: [Score.Note]
    /// The bars it spans, counted from the part's first as 1 (the score may print other numbers:
    /// `firstBar.number`).
    public let bars: ClosedRange<Int>
    public let firstBar: Score.Bar
}

extension Score.Part {
    /// The part's melody: its first voice (the lowest numbered, the upper voice by notation's
    /// convention), and the top note where that voice sounds a chord, in order of onset.
    public var melody: [Score.Note] {
        guard let voice = Set(notes.map(\.voice)).min(by: { (Int($0) ?? .max, $0) < (Int($1) ?? .max, $1) }) else { return [] }
        var line: [Score.Note] = []
        for note in notes where note.voice == voice {
            if let last = line.last, last.onset == note.onset {
                if note.key > last.key { line[line.count - 1] = note }
            } else {
                line.append(note)
            }
        }
        return line
    }

    /// The melody cut into phrases of `bars` whole bars: a rest or a fermata ends one (the music
    /// breathes there), and a phrase that would grow past the most bars asked for is cut at a bar
    /// line. A stretch shorter than the fewest bars, or of fewer than `notes` notes, is no phrase.
    /// A shorter silence stays in the phrase: the note before it is heard, and asked, as held.
    public func phrases(bars range: ClosedRange<Int>, notes fewest: Int = 3) -> [Phrase] {
        let line = melody
        guard !line.isEmpty, !bars.isEmpty else { return [] }
        // Breaths: the melody is cut after a note held under a fermata and before a note that
        // follows a silence of an eighth or more (a MIDI file's notes, played, leave shorter gaps).
        var stretches: [[Score.Note]] = [[]]
        for note in line {
            if let last = stretches[stretches.count - 1].last, last.fermata || last.onset + last.duration + Self.breath <= note.onset {
                stretches.append([])
            }
            stretches[stretches.count - 1].append(note)
        }
        var phrases: [Phrase] = []
        for stretch in stretches where !stretch.isEmpty {
            // Whole bars only: from the bar the stretch's first note is in, at most `range.upperBound` at a time.
            var index = barIndex(at: stretch[0].onset)
            var remaining = stretch[...]
            while !remaining.isEmpty, index < bars.count {
                let last = min(bars.count - 1, index + range.upperBound - 1)
                let end = bars[last].onset + bars[last].length
                let taken = remaining.prefix { $0.onset < end }
                remaining = remaining.dropFirst(taken.count)
                let usedBars = barIndex(at: taken.last?.onset ?? bars[index].onset) - index + 1
                if usedBars >= range.lowerBound, taken.count >= fewest {
                    let start = bars[index].onset
                    phrases.append(Phrase(
                        notes: taken.map { Score.Note(key: $0.key, onset: $0.onset - start, duration: $0.duration, voice: $0.voice, fermata: $0.fermata) },
                        bars: (index + 1)...(index + usedBars), firstBar: bars[index]))
                }
                index = remaining.first.map { barIndex(at: $0.onset) } ?? bars.count
            }
        }
        return phrases
    }

    /// The shortest silence that ends a phrase: an eighth note.
    static let breath = QuarterTime(1, 2)

    /// The index of the bar `time` falls in (the last bar for a time past the end).
    func barIndex(at time: QuarterTime) -> Int {
        bars.lastIndex { $0.onset <= time } ?? 0
    }
}
