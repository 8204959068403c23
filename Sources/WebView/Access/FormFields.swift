import Foundation

/// A posted form (`application/x-www-form-urlencoded`): each name's values, in order (boxes
/// ticked under one name post it once each).
struct FormFields: Sendable {
    private var values: [String: [String]] = [:]

    init(_ body: String) {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decoded(parts[0]) else { continue }
            guard let value = parts.count > 1 ? Self.decoded(parts[1]) : "" else { continue }
            values[name, default: []].append(value)
        }
    }

    /// The name's first value: where one is expected, the first counts.
    subscript(name: String) -> String? { values[name]?.first }

    /// The first value with spaces trimmed, or nil when it is missing or blank.
    func text(_ name: String) -> String? {
        guard let value = values[name]?.first?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    /// Every value of the name with spaces trimmed, the blank ones left out.
    func texts(_ name: String) -> [String] {
        (values[name] ?? []).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `+` as a space, `%XX` as its byte; nil for a malformed escape or bytes that are not UTF-8.
    private static func decoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
