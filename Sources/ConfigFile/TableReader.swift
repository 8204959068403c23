import MusicTheory
import TOMLKit

/// Reads one TOML table key by key, with the type, range and unknown-key checks of the config
/// file; every error names the file, the key's line and the dotted key.
struct TableReader {
    let table: TOMLTable
    let path: [String]
    let file: String
    /// Where each key is written.
    let scan: TOMLScan
    private var asked: [String] = []

    init(table: TOMLTable, path: [String], file: String, scan: TOMLScan) {
        self.table = table
        self.path = path
        self.file = file
        self.scan = scan
    }

    /// An error about `key` of this table (or about the table itself when nil), or about one
    /// element of the array at `key`.
    func error(_ kind: ConfigError.Kind, _ key: String?, element: Int? = nil, _ message: String) -> ConfigError {
        let keyPath = path + (key.map { [$0] } ?? [])
        let elementPath = element.map { ["[\($0)]"] } ?? []
        return ConfigError(
            kind: kind, file: file, line: scan.line(of: keyPath + elementPath),
            key: Self.dotted(keyPath + elementPath), message: message)
    }

    /// `training.scale.mode`, `lesson[2].title`, `paths[0]`: an element's index follows its key.
    static func dotted(_ path: [String]) -> String {
        path.reduce("") { text, part in text.isEmpty || part.hasPrefix("[") ? text + part : text + "." + part }
    }

    private mutating func raw(_ key: String) -> (any TOMLValueConvertible)? {
        asked.append(key)
        return table[key]
    }

    private func wrongType(
        _ key: String, element: Int? = nil, expected: String, found: any TOMLValueConvertible
    ) -> ConfigError {
        error(.wrongType, key, element: element, "expected \(expected), found \(found.type.article)")
    }

    /// A string, or `fallback` when the key is absent.
    mutating func string(_ key: String, _ fallback: String) throws(ConfigError) -> String {
        guard let value = raw(key) else { return fallback }
        guard let string = value.string else { throw wrongType(key, expected: "a string", found: value) }
        return string
    }

    /// A string where `""` means nil (the daemon's default path).
    mutating func optionalString(_ key: String, _ fallback: String?) throws(ConfigError) -> String? {
        let text = try string(key, fallback ?? "")
        return text.isEmpty ? nil : text
    }

    /// A string turned into a value by `parse`; its error becomes the message.
    mutating func parsed<T>(
        _ key: String, _ fallback: T, _ parse: (String) throws -> T
    ) throws(ConfigError) -> T {
        guard let value = raw(key) else { return fallback }
        guard let text = value.string else { throw wrongType(key, expected: "a string", found: value) }
        do {
            return try parse(text)
        } catch {
            throw self.error(.invalidValue, key, "\(error)")
        }
    }

    /// A note: a name in scientific pitch notation (`"C2"`) or a MIDI number (`36`).
    mutating func note(_ key: String, _ fallback: MIDINote) throws(ConfigError) -> MIDINote {
        guard let value = raw(key) else { return fallback }
        do {
            if let number = value.int { return try MIDINote(validating: number) }
            guard let text = value.string else {
                throw wrongType(key, expected: "a note name or a MIDI number", found: value)
            }
            return try MIDINote(parsing: text)
        } catch let error as ConfigError {
            throw error
        } catch {
            throw self.error(.invalidValue, key, "\(error)")
        }
    }

    /// A string that must be one of `Choice`'s raw values.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String, _ fallback: Choice
    ) throws(ConfigError) -> Choice where Choice.RawValue == String {
        try parsed(key, fallback) { text in
            guard let choice = Choice(rawValue: text) else {
                throw Message("'\(text)' is not one of " + Choice.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
            }
            return choice
        }
    }

    /// An integer within `range`.
    mutating func int(_ key: String, _ fallback: Int, in range: ClosedRange<Int>) throws(ConfigError) -> Int {
        guard let value = raw(key) else { return fallback }
        guard let int = value.int else { throw wrongType(key, expected: "an integer", found: value) }
        guard range.contains(int) else {
            throw error(.invalidValue, key, "\(int) is out of range \(range.lowerBound)…\(range.upperBound)")
        }
        return int
    }

    /// A number (an integer is accepted) within `range`.
    mutating func double(_ key: String, _ fallback: Double, in range: ClosedRange<Double>) throws(ConfigError) -> Double {
        guard let value = raw(key) else { return fallback }
        guard let number = value.double ?? value.int.map(Double.init) else {
            throw wrongType(key, expected: "a number", found: value)
        }
        guard range.contains(number) else {
            throw error(.invalidValue, key, "\(number.plain) is out of range \(range.lowerBound.plain)…\(range.upperBound.plain)")
        }
        return number
    }

    /// A boolean.
    mutating func bool(_ key: String, _ fallback: Bool) throws(ConfigError) -> Bool {
        guard let value = raw(key) else { return fallback }
        guard let bool = value.bool else { throw wrongType(key, expected: "true or false", found: value) }
        return bool
    }

    /// An array of strings, each turned into a value by `parse`.
    mutating func array<T>(
        _ key: String, _ fallback: [T], allowEmpty: Bool = true, _ parse: (String) throws -> T
    ) throws(ConfigError) -> [T] {
        guard let value = raw(key) else { return fallback }
        guard let array = value.array else { throw wrongType(key, expected: "an array of strings", found: value) }
        if array.isEmpty, !allowEmpty { throw error(.invalidValue, key, "must not be empty") }
        var result: [T] = []
        for (offset, element) in array.enumerated() {
            guard let text = element.string else {
                throw wrongType(key, element: offset, expected: "a string", found: element)
            }
            do {
                result.append(try parse(text))
            } catch {
                throw self.error(.invalidValue, key, element: offset, "\(error)")
            }
        }
        return result
    }

    /// A sub-table, or nil when absent.
    mutating func table(_ key: String) throws(ConfigError) -> TableReader? {
        guard let value = raw(key) else { return nil }
        guard let table = value.table else { throw wrongType(key, expected: "a table", found: value) }
        return TableReader(table: table, path: path + [key], file: file, scan: scan)
    }

    /// An array of tables (`[[key]]`), each read on its own; empty when absent.
    mutating func tables(_ key: String) throws(ConfigError) -> [TableReader] {
        guard let value = raw(key) else { return [] }
        guard let array = value.array else { throw wrongType(key, expected: "an array of tables ([[\(key)]])", found: value) }
        var readers: [TableReader] = []
        for (offset, element) in array.enumerated() {
            guard let table = element.table else { throw wrongType(key, element: offset, expected: "a table", found: element) }
            readers.append(TableReader(table: table, path: path + [key, "[\(offset)]"], file: file, scan: scan))
        }
        return readers
    }

    /// Fails on the first key (by line) that nothing asked for: a typo must not pass silently.
    func finish() throws(ConfigError) {
        let unknown = table.keys.filter { !asked.contains($0) }
        guard !unknown.isEmpty else { return }
        let first = unknown.min { (scan.line(of: path + [$0]) ?? .max) < (scan.line(of: path + [$1]) ?? .max) }!
        let known = asked.map { "'\($0)'" }.joined(separator: ", ")
        let place = path.isEmpty ? "at the top level" : "in [\(Self.dotted(path))]"
        throw error(.unknownKey, first, "unknown key \(place); known keys are \(known)")
    }
}

/// A plain error message from a parse closure.
struct Message: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension TOMLType {
    /// "a string", "an integer", …
    var article: String {
        switch self {
        case .table: "a table"
        case .array: "an array"
        case .string: "a string"
        case .int: "an integer"
        case .double: "a floating-point number"
        case .bool: "a boolean"
        case .date: "a date"
        case .time: "a time"
        case .dateTime: "a date-time"
        }
    }
}

extension Double {
    /// 440 rather than 440.0.
    var plain: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
