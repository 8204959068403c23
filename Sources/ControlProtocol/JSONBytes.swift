/// Writes JSON straight into bytes, the way `Wire.encode` writes it (no whitespace, keys in the
/// order given, which callers keep sorted, slashes and non-ASCII unescaped), for the one reply that
/// must be cheap: `status`, answered on the socket's thread for every client that polls it.
/// Foundation's encoder spent most of that reply's time; tests hold the two byte for byte equal.
public struct JSONBytes: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// Set for a template (`StatusTemplate`): clock readings are left out and their places noted.
    private let leavesGaps: Bool
    /// Where the clock readings left out go, in the order written.
    public private(set) var gaps: [(offset: Int, clock: StatusClock)] = []

    public init(capacity: Int = 512, leavingGaps: Bool = false) {
        leavesGaps = leavingGaps
        bytes.reserveCapacity(capacity)
    }

    /// Exchanges the bytes written with `other`: to write on after a client's queued output
    /// without copying it (swapped in, written to, swapped back).
    public mutating func exchangeBytes(with other: inout [UInt8]) {
        swap(&bytes, &other)
    }

    /// The bytes written, handed over without a copy.
    public consuming func take() -> [UInt8] {
        bytes
    }

    /// Appends bytes that are already JSON (an id echoed from a request).
    public mutating func raw(_ json: some Sequence<UInt8>) {
        bytes.append(contentsOf: json)
    }

    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Runs that need no escape (nearly every string) are copied whole.
            var runStart = 0
            for index in utf8.indices where utf8[index] < 0x20 || utf8[index] == 0x22 || utf8[index] == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape(utf8[index])
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
        case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [92, UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [92, UInt8(ascii: "f")])
        default:
            bytes.append(contentsOf: [92, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0xF)])
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Digits written straight in: `String(value)` cost more than the rest of a small member.
    public mutating func integer(_ value: some BinaryInteger) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for UInt64.max's 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// A finite number as Foundation writes it: the shortest form that reads back the same, with
    /// no ".0" on a whole value.
    public mutating func number(_ value: Double) {
        precondition(value.isFinite, "JSON has no \(value)")
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A clock reading, the one thing in `status` that differs from one request to the next: a
    /// number, or in a template a gap that `StatusTemplate` fills for each reply.
    public mutating func clock(_ clock: StatusClock, _ seconds: Double) {
        if leavesGaps {
            gaps.append((bytes.count, clock))
        } else {
            number(seconds)
        }
    }

    /// A duration in seconds to the microsecond (`12`, `1.5`, `108.294459`), written from its
    /// integer parts: a clock in every polled `status`, where `number`'s text conversion cost more
    /// than the rest of the reply.
    public mutating func seconds(_ duration: Duration) {
        if duration < .zero { bytes.append(UInt8(ascii: "-")) }
        let (whole, attoseconds) = duration < .zero ? (Duration.zero - duration).components : duration.components
        integer(whole)
        var micro = attoseconds / 1_000_000_000_000
        guard micro > 0 else { return }
        var digits = 6
        while micro % 10 == 0 { micro /= 10; digits -= 1 }
        bytes.append(UInt8(ascii: "."))
        var divisor: Int64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8((micro / divisor) % 10))
            divisor /= 10
        }
    }

    public mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)

    /// An object; `body` writes each member with `ObjectWriter.member`, in sorted order.
    public mutating func object(_ body: (inout ObjectWriter) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        // Swapped, not copied, in and out: a copy would leave two references to the bytes, and
        // the next append would copy them all (once per nested object).
        var writer = ObjectWriter(json: JSONBytes(capacity: 0, leavingGaps: leavesGaps))
        swap(&self, &writer.json)
        body(&writer)
        swap(&self, &writer.json)
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func array<Element>(_ elements: [Element], _ write: (inout JSONBytes, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    public mutating func strings(_ elements: [String]) {
        array(elements) { $0.string($1) }
    }

    /// Writes the members of one object, commas included. Optional members that are nil are left
    /// out, as Foundation leaves them out.
    public struct ObjectWriter {
        fileprivate var json: JSONBytes
        private var first = true

        fileprivate init(json: JSONBytes) {
            self.json = json
        }

        public mutating func member(_ key: StaticString, _ write: (inout JSONBytes) -> Void) {
            if !first { json.bytes.append(UInt8(ascii: ",")) }
            first = false
            json.bytes.append(UInt8(ascii: "\""))
            key.withUTF8Buffer { json.bytes.append(contentsOf: $0) }
            json.bytes.append(UInt8(ascii: "\""))
            json.bytes.append(UInt8(ascii: ":"))
            write(&json)
        }

        public mutating func member<Value>(_ key: StaticString, ifPresent value: Value?, _ write: (inout JSONBytes, Value) -> Void) {
            guard let value else { return }
            member(key) { write(&$0, value) }
        }
    }
}
