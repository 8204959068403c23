import Foundation
import Scores
import ProcessTestSupport
import Testing

/// A file that is no score a student can be asked from is refused with a sentence naming the file
/// and its fault, whatever is in it; nothing stops the reader.
@Suite("score files that cannot be material", .cpuHeavy)
struct ScoreFileBadInputTests {
    static func refusal(_ bytes: [UInt8]) -> String? {
        do { _ = try ScoreFile.score(from: bytes); return nil } catch { return error.reason }
    }

    static func refusal(_ text: String) -> String? { refusal(Array(text.utf8)) }

    /// A one-part MusicXML score whose only measure holds `notes` (the elements inside it).
    static func musicXML(_ notes: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" "http://www.musicxml.org/dtds/partwise.dtd">
        <score-partwise version="4.0">
          <part-list><score-part id="P1"><part-name>Voice</part-name></score-part></part-list>
          <part id="P1"><measure number="1"><attributes><divisions>2</divisions></attributes>\(notes)</measure></part>
        </score-partwise>
        """
    }

    static let twoNotes = """
        <note><pitch><step>C</step><octave>4</octave></pitch><duration>2</duration><voice>1</voice></note>
        <note><pitch><step>E</step><alter>-1</alter><octave>4</octave></pitch><duration>6</duration><voice>1</voice></note>
        """

    @Test("a small score reads: C4 at 0, E♭4 at 1 for three quarters")
    func good() throws {
        let score = try ScoreFile.score(from: Array(Self.musicXML(Self.twoNotes).utf8))
        #expect(score.parts.map(\.name) == ["Voice"])
        #expect(score.parts[0].notes == [Score.Note(key: 60, onset: .zero, duration: QuarterTime(1)), Score.Note(key: 63, onset: QuarterTime(1), duration: QuarterTime(3))])
        #expect(score.parts[0].bars.map(\.length) == [QuarterTime(4)])
    }

    @Test("text, HTML, a MusicXML file cut short, an empty file: each refused with its reason", arguments: [
        ("just some words", "not a score: neither MusicXML nor a MIDI file"),
        ("", "not a score: neither MusicXML nor a MIDI file"),
        ("<html><body>a page</body></html>", "not a MusicXML score: its root element is <html>, not <score-partwise>"),
        ("<score-timewise/>", "a timewise MusicXML score; save it partwise (as notation programs do by default)"),
        ("<score-partwise><part-list/></score-partwise>", "the MusicXML score has no part"),
        ("<score-partwise><part id=\"P1\"><measure number=\"1\"><note>", "not well-formed XML at line 1: <note> is never closed"),
        ("<score-partwise></part>", "not well-formed XML at line 1: <score-partwise> is closed by </part>"),
        ("<a b=c/>", "not well-formed XML at line 1: the attribute b of <a> is not quoted"),
        ("<a>&bogus;</a>", "not well-formed XML at line 1: &bogus; is no character this reader knows"),
    ])
    func refused(_ text: String, _ reason: String) {
        #expect(Self.refusal(text) == reason)
    }

    @Test("every cut of a good MusicXML file is refused, never read as a shorter score")
    func truncated() {
        let whole = Array(Self.musicXML(Self.twoNotes).utf8)
        for length in stride(from: 0, to: whole.count - 30, by: 7) {
            #expect(Self.refusal(Array(whole.prefix(length))) != nil, "cut at \(length) of \(whole.count) bytes was read")
        }
    }

    @Test("rests only, or percussion only: no pitched notes to be asked")
    func noNotes() {
        let rests = Self.musicXML("<note><rest/><duration>8</duration></note>")
        #expect(Self.refusal(rests) == "the score has no pitched notes (only rests, or only percussion)")
        let drums = Self.musicXML("<note><unpitched><display-step>C</display-step><display-octave>5</display-octave></unpitched><duration>8</duration></note>")
        #expect(Self.refusal(drums) == "the score has no pitched notes (only rests, or only percussion)")
        let midiDrums = MIDIFileBadInputTests.file([[0x00, 0x99, 36, 100, 0x60, 0x89, 36, 0]])
        #expect(Self.refusal(midiDrums) == "the score has no pitched notes (only rests, or only percussion)")
    }

    @Test("a MIDI file of 16 tracks of chords reads whole: every track a part, every chord's notes kept")
    func sixteenTracksOfChords() throws {
        // C E G, then D F A, a quarter each; the later note-offs by running status.
        let chords: [UInt8] = [0x00, 0x90, 60, 80, 0x00, 64, 80, 0x00, 67, 80, 0x83, 0x60, 0x80, 60, 0, 0x00, 64, 0, 0x00, 67, 0,
                               0x00, 0x90, 62, 80, 0x00, 65, 80, 0x00, 69, 80, 0x83, 0x60, 0x80, 62, 0, 0x00, 65, 0, 0x00, 69, 0,
                               0x00, 0xFF, 0x2F, 0x00]
        let score = try ScoreFile.score(from: MIDIFileBadInputTests.file(Array(repeating: chords, count: 16)))
        #expect(score.parts.count == 16)
        #expect(score.parts.allSatisfy { $0.notes.map(\.key).sorted() == [60, 62, 64, 65, 67, 69] }, "\(score.parts.map(\.notes.count))")
    }

    @Test("entities a document type defines are never expanded (a billion laughs is a refusal), and nesting stops at 64 levels")
    func hostile() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <score-partwise>&lol2;</score-partwise>
            """
        #expect(Self.refusal(laughs) == "not well-formed XML at line 3: &lol2; is no character this reader knows")
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        #expect(Self.refusal(deep) == "not well-formed XML at line 1: elements nest deeper than 64 levels")
    }

    @Test("a file of 50 MB is refused by its size before it is read; a missing file by its name")
    func sizeAndPath() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString).mid").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 50 * 1_048_576)  // a sparse file: 50 MB that take no disk
        try handle.close()
        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(throws: ScoreError("\(name): the file is 50 MB; a score may be at most 8 MB")) { try ScoreFile.read(path: path) }
        #expect(throws: ScoreError("nowhere.musicxml: no such file, or it cannot be read")) { try ScoreFile.read(path: "/nonexistent/nowhere.musicxml") }
    }

    @Test("a ZIP archive that holds no score, and a compressed score cut short")
    func archives() throws {
        let files = [UInt8]([0x50, 0x4B, 0x03, 0x04]) + [UInt8](repeating: 0, count: 40)
        #expect(Self.refusal(files) == "not a compressed MusicXML file: it is no ZIP archive")
    }

    @Test("20,000 random changes to a good MusicXML file: each is read or refused, none stops the reader")
    func mutations() {
        var random = SystemRandomNumberGenerator()
        let whole = Array(Self.musicXML(Self.twoNotes).utf8)
        let alphabet = Array("<>/=\"'&;# \nabcCDE0123-".utf8)
        for _ in 0..<20_000 {
            var bytes = whole
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = alphabet.randomElement(using: &random)!
            }
            _ = Self.refusal(bytes)
        }
    }
}
