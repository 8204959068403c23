import Testing
import Training

@testable import ControlProtocol

@Suite("LineFramer")
struct LineFramerTests {
    @Test("lines split on newlines, across any chunking, CRLF tolerated")
    func splits() {
        var framer = LineFramer()
        var frames = framer.feed(Array("{\"a\":1}\n{\"b\"".utf8))
        frames += framer.feed(Array(":2}\r\n\n".utf8))
        #expect(frames == [.line(Array("{\"a\":1}".utf8)), .line(Array("{\"b\":2}".utf8)), .line([])])
    }

    @Test("a line over the limit is reported once and skipped up to its newline")
    func tooLong() {
        var framer = LineFramer(limit: 8)
        var frames: [LineFramer.Frame] = []
        for chunk in ["0123456789", "abcdef", "ghi\nok\n"] { frames += framer.feed(Array(chunk.utf8)) }
        #expect(frames == [.tooLong, .line(Array("ok".utf8))])
    }

    @Test("a line of exactly the limit passes")
    func exactlyTheLimit() {
        var framer = LineFramer(limit: 4)
        #expect(framer.feed(Array("abcd\n".utf8)) == [.line(Array("abcd".utf8))])
    }

    @Test("the default limit is 64 KiB")
    func defaultLimit() {
        var framer = LineFramer()
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
        #expect(framer.feed(line + [10]) == [.line(line)])
        #expect(framer.feed(line + [UInt8(ascii: "y"), 10]) == [.tooLong])
    }

    /// The framing of a stream, one byte at a time, the plain way: what `feed` must agree with.
    static func reference(_ stream: [UInt8], limit: Int) -> [LineFramer.Frame] {
        var frames: [LineFramer.Frame] = []
        var line: [UInt8] = []
        var discarding = false
        for byte in stream {
            if byte == 10 {
                if !discarding { frames.append(.line(line.last == 13 ? Array(line.dropLast()) : line)) }
                discarding = false
                line = []
            } else if !discarding {
                line.append(byte)
                if line.count > limit { frames.append(.tooLong); discarding = true; line = [] }
            }
        }
        return frames
    }

    @Test("any chunking of a stream gives the frames a byte-by-byte reading gives")
    func chunkingDoesNotMatter() {
        var random = SeededRandom(seed: 9)
        for _ in 0..<300 {
            let alphabet: [UInt8] = [10, 13, 65, 66, 0xC3, 0xFF]
            let stream = (0..<Int.random(in: 0...200, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            var framer = LineFramer(limit: 12)
            var frames: [LineFramer.Frame] = []
            var offset = 0
            while offset < stream.count {
                let size = Int.random(in: 1...40, using: &random)
                frames += framer.feed(stream[offset..<min(stream.count, offset + size)])
                offset += size
            }
            #expect(frames == Self.reference(stream, limit: 12), "stream \(stream)")
        }
    }
}
