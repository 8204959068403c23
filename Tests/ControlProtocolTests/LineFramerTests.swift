import Testing

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
}
