import Glibc

/// The common shape of a request, recognised without a JSON parser: an object with
/// `"jsonrpc": "2.0"`, a `method` and an `id` that are plain (ASCII, no escapes; the id a whole
/// number or such a string), and `params` absent, empty or null. The socket answers `status` in
/// this shape on its own thread; anything else, however valid, is left to the full decoder, so
/// what is recognised here is always read the same way there (`SimpleRequestTests` compares them).
public struct SimpleRequest: Sendable, Hashable {
    /// The method's name (a slice of the line: recognising copies nothing).
    public var method: ArraySlice<UInt8>
    /// The id exactly as the client wrote it: JSON that the reply echoes byte for byte.
    public var id: ArraySlice<UInt8>

    public init?(_ line: [UInt8]) {
        self.init(line[...])
    }

    public init?(_ line: ArraySlice<UInt8>) {
        // Scanned through a pointer, as positions: slices made along the way would each retain the line.
        guard let (method, id) = line.withUnsafeBufferPointer({ buffer -> (Range<Int>, Range<Int>)? in
            var scanner = Scanner(bytes: buffer)
            return scanner.request()
        }) else { return nil }
        let base = line.startIndex
        self.method = line[(base + method.lowerBound)..<(base + method.upperBound)]
        self.id = line[(base + id.lowerBound)..<(base + id.upperBound)]
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// Where the method's name and the id lie, when the line has the common shape.
        mutating func request() -> (method: Range<Int>, id: Range<Int>)? {
            var method: Range<Int>?, id: Range<Int>?, version = false, params = false
            skipSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            repeat {
                skipSpace()
                guard let key = plainString() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                if matches(key, "jsonrpc") {
                    guard !version, let value = plainString(), matches(value, "2.0") else { return nil }
                    version = true
                } else if matches(key, "method") {
                    guard method == nil, let name = plainString() else { return nil }
                    method = name
                } else if matches(key, "id") {
                    guard id == nil, let value = plainID() else { return nil }
                    id = value
                } else if matches(key, "params") {
                    guard !params, emptyParams() else { return nil }
                    params = true
                } else {
                    return nil
                }
                skipSpace()
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
            skipSpace()
            guard at == bytes.count, version, let method, let id else { return nil }
            return (method, id)
        }

        func matches(_ range: Range<Int>, _ text: StaticString) -> Bool {
            range.count == text.utf8CodeUnitCount && memcmp(bytes.baseAddress! + range.lowerBound, text.utf8Start, range.count) == 0
        }

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D { at += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        /// A string of printable ASCII with no escapes; where its contents lie.
        mutating func plainString() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = at
            while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
                guard (0x20...0x7E).contains(bytes[at]), bytes[at] != UInt8(ascii: "\\") else { return nil }
                at += 1
            }
            guard at < bytes.count else { return nil }
            at += 1
            return start..<(at - 1)
        }

        /// A plain string, or a whole number that a double holds exactly (`0`, or up to 15
        /// digits with no leading zero, perhaps negative): echoed as written, it reads the same.
        mutating func plainID() -> Range<Int>? {
            let start = at
            if at < bytes.count, bytes[at] == UInt8(ascii: "\"") {
                return plainString().map { _ in start..<at }
            }
            if take(UInt8(ascii: "0")) { return isDigit(at) ? nil : start..<at }
            _ = take(UInt8(ascii: "-"))
            let digits = at
            guard at < bytes.count, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[at]) else { return nil }
            while isDigit(at) { at += 1 }
            guard at - digits <= 15, at >= bytes.count || !Self.isFractionOrExponent(bytes[at]) else { return nil }
            return start..<at
        }

        static func isFractionOrExponent(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }

        func isDigit(_ index: Int) -> Bool {
            index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        }

        /// `{}`, `[]` or `null`, with space inside the brackets.
        mutating func emptyParams() -> Bool {
            if take(UInt8(ascii: "{")) { skipSpace(); return take(UInt8(ascii: "}")) }
            if take(UInt8(ascii: "[")) { skipSpace(); return take(UInt8(ascii: "]")) }
            for byte in "null".utf8 where !take(byte) { return false }
            return true
        }
    }
}
