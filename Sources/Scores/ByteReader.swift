/// Reads a file's bytes in order, big-endian as MIDI files are, and says where it ran out.
struct ByteReader {
    let bytes: [UInt8]
    private(set) var offset: Int
    let end: Int

    init(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        offset = start
        self.end = end ?? bytes.count
    }

    var atEnd: Bool { offset >= end }

    mutating func byte(_ what: @autoclosure () -> String) throws(ScoreError) -> UInt8 {
        guard offset < end else { throw ScoreError("truncated: \(what()) is missing at byte \(offset)") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func take(_ count: Int, _ what: @autoclosure () -> String) throws(ScoreError) -> ArraySlice<UInt8> {
        guard count >= 0, end - offset >= count else {
            throw ScoreError("truncated: \(what()) needs \(count) bytes at byte \(offset), \(max(0, end - offset)) remain")
        }
        defer { offset += count }
        return bytes[offset..<(offset + count)]
    }

    mutating func bigEndian(_ count: Int, _ what: @autoclosure () -> String) throws(ScoreError) -> Int {
        try take(count, what()).reduce(0) { $0 << 8 | Int($1) }
    }

    /// A variable-length quantity: seven bits a byte, the high bit set on all but the last, at
    /// most four bytes (28 bits), as the format defines it.
    mutating func variableLength(_ what: @autoclosure () -> String) throws(ScoreError) -> Int {
        var value = 0
        for _ in 0..<4 {
            let next = try byte(what())
            value = value << 7 | Int(next & 0x7F)
            if next & 0x80 == 0 { return value }
        }
        throw ScoreError("\(what()) at byte \(offset - 4) is longer than the four bytes a MIDI number may take")
    }
}
