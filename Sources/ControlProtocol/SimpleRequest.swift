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
        var scanner = Scanner(bytes: line)
        guard let request = scanner.request() else { return nil }
        self = request
    }

    private init(method: ArraySlice<UInt8>, id: ArraySlice<UInt8>) {
        self.method = method
        self.id = id
    }

    private struct Scanner {
        let bytes: ArraySlice<UInt8>
        var at: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            at = bytes.startIndex
        }

        mutating func request() -> SimpleRequest? {
            var method: ArraySlice<UInt8>?, id: ArraySlice<UInt8>?, version = false, params = false
            skipSpace()
            guard take(UInt8(ascii: "{")) else { return nil }
            repeat {
                skipSpace()
                guard let key = plainString() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                if key.elementsEqual(Self.jsonrpcKey) {
                    guard !version, plainString()?.elementsEqual(Self.version) == true else { return nil }
                    version = true
                } else if key.elementsEqual(Self.methodKey) {
                    guard method == nil, let name = plainString() else { return nil }
                    method = name
                } else if key.elementsEqual(Self.idKey) {
                    guard id == nil, let value = plainID() else { return nil }
                    id = value
                } else if key.elementsEqual(Self.paramsKey) {
                    guard !params, emptyParams() else { return nil }
                    params = true
                } else {
                    return nil
                }
                skipSpace()
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
            skipSpace()
            guard at == bytes.endIndex, version, let method, let id else { return nil }
            return SimpleRequest(method: method, id: id)
        }

        static let jsonrpcKey = Array("jsonrpc".utf8), methodKey = Array("method".utf8)
        static let idKey = Array("id".utf8), paramsKey = Array("params".utf8), version = Array("2.0".utf8)

        mutating func skipSpace() {
            while at < bytes.endIndex, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D { at += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard at < bytes.endIndex, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        /// A string of printable ASCII with no escapes; its contents.
        mutating func plainString() -> ArraySlice<UInt8>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = at
            while at < bytes.endIndex, bytes[at] != UInt8(ascii: "\"") {
                guard (0x20...0x7E).contains(bytes[at]), bytes[at] != UInt8(ascii: "\\") else { return nil }
                at += 1
            }
            guard at < bytes.endIndex else { return nil }
            at += 1
            return bytes[start..<(at - 1)]
        }

        /// A plain string, or a whole number that a double holds exactly (`0`, or up to 15
        /// digits with no leading zero, perhaps negative): echoed as written, it reads the same.
        mutating func plainID() -> ArraySlice<UInt8>? {
            let start = at
            if at < bytes.endIndex, bytes[at] == UInt8(ascii: "\"") {
                return plainString().map { _ in bytes[start..<at] }
            }
            if take(UInt8(ascii: "0")) { return isDigit(at) ? nil : bytes[start..<at] }
            _ = take(UInt8(ascii: "-"))
            let digits = at
            guard at < bytes.endIndex, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[at]) else { return nil }
            while isDigit(at) { at += 1 }
            guard at - digits <= 15, at >= bytes.endIndex || !Self.isFractionOrExponent(bytes[at]) else { return nil }
            return bytes[start..<at]
        }

        static func isFractionOrExponent(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }

        func isDigit(_ index: Int) -> Bool {
            index < bytes.endIndex && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
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
