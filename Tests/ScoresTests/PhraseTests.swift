import Scores
import Testing

/// A part's melody and its phrases: cut where the music breathes, in whole bars.
@Suite("phrases of a score")
struct PhraseTests {
    /// A 4/4 part, two quarters a division; `bars` each given as its notes' elements.
    static func part(_ bars: [String]) throws -> Score.Part {
        let measures = bars.enumerated().map { index, notes in
            let attributes = index == 0 ? "<attributes><divisions>1</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>" : ""
            return "<measure number=\"\(index + 1)\">\(attributes)\(notes)</measure>"
        }.joined()
        let text = "<score-partwise><part-list><score-part id=\"P1\"><part-name>Tune</part-name></score-part></part-list><part id=\"P1\">\(measures)</part></score-partwise>"
        return try #require(try ScoreFile.score(from: Array(text.utf8)).parts.first)
    }

    static func note(_ step: String, _ octave: Int = 4, beats: Int = 1, fermata: Bool = false, chord: Bool = false, voice: Int = 1) -> String {
        "<note>\(chord ? "<chord/>" : "")<pitch><step>\(step)</step><octave>\(octave)</octave></pitch><duration>\(beats)</duration><voice>\(voice)</voice>\(fermata ? "<notations><fermata/></notations>" : "")</note>"
    }

    static func rest(beats: Int = 1) -> String { "<note><rest/><duration>\(beats)</duration><voice>1</voice></note>" }

    @Test("the melody is the first voice, the top of its chords")
    func melody() throws {
        let bar = Self.note("C") + Self.note("E", chord: true) + Self.note("G", chord: true) + Self.note("D", beats: 3)
            + "<backup><duration>4</duration></backup>" + Self.note("C", 3, beats: 4, voice: 2)
        let part = try Self.part([bar])
        #expect(part.melody.map(\.key) == [67, 62])
    }

    @Test("four bars of quarters cut two bars at a time; a rest and a fermata end a phrase")
    func cuts() throws {
        let quarters = String(repeating: Self.note("C") + Self.note("D"), count: 2)
        let part = try Self.part([quarters, quarters, quarters, quarters])
        #expect(part.phrases(bars: 1...2).map(\.bars) == [1...2, 3...4])
        #expect(part.phrases(bars: 1...2).allSatisfy { $0.notes.count == 8 && $0.notes[0].onset == .zero })

        let breathing = try Self.part([
            quarters,
            Self.note("E") + Self.note("F") + Self.note("G", beats: 2, fermata: true),
            Self.note("A") + Self.note("B") + Self.rest(beats: 2),
            quarters,
        ])
        let phrases = breathing.phrases(bars: 1...4, notes: 2)
        #expect(phrases.map(\.bars) == [1...2, 3...3, 4...4], "\(phrases.map(\.bars))")
        #expect(phrases[0].notes.last?.fermata == true)
        #expect(breathing.phrases(bars: 2...4, notes: 2).map(\.bars) == [1...2], "a stretch of one bar is shorter than two")
    }

    @Test("a silence shorter than an eighth is no breath: a MIDI file's notes played a little short stay one phrase")
    func shortGaps() throws {
        // Eighths on the beat with sixteenth notes: a quarter beat of C and D as sixteenths, each
        // followed by a sixteenth rest (a silence of a sixteenth), then a quarter-rest breath.
        let division = "<attributes><divisions>4</divisions><time><beats>4</beats><beat-type>4</beat-type></time></attributes>"
        let sixteenth = { (step: String) in "<note><pitch><step>\(step)</step><octave>4</octave></pitch><duration>1</duration><voice>1</voice></note>" }
        let rest = { (length: Int) in "<note><rest/><duration>\(length)</duration><voice>1</voice></note>" }
        let bar = ["C", "D", "E"].map { sixteenth($0) + rest(1) }.joined() + sixteenth("F") + rest(1) + rest(8)
        let text = "<score-partwise><part-list><score-part id=\"P1\"><part-name>T</part-name></score-part></part-list><part id=\"P1\"><measure number=\"1\">\(division)\(bar)</measure><measure number=\"2\">\(bar)</measure></part></score-partwise>"
        let part = try #require(try ScoreFile.score(from: Array(text.utf8)).parts.first)
        #expect(part.phrases(bars: 1...2).map(\.bars) == [1...1, 2...2], "the half-bar rest ends each phrase, the sixteenth rests do not")
        #expect(part.phrases(bars: 1...2).map(\.notes.count) == [4, 4])
    }
}
