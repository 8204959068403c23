/// The line on which each key of a TOML document is written.
///
/// TOMLKit 0.6.0 gives a source position only for syntax errors; toml++ knows every node's
/// position but TOMLKit does not pass it on. So once toml++ has accepted a document, this scans
/// the same text again, just far enough to see keys, table headers, strings, arrays and inline
/// tables, and remembers where each key path first appears. It runs only on valid TOML.
struct TOMLKeyLocator: Sendable {
    /// Key path (array elements as `[i]`) to line, from 1.
    private(set) var lines: [[String]: Int] = [:]

    /// Locates every key in `text`, which toml++ has already parsed.
    init(text: String) {
        var scanner = Scanner(bytes: Array(text.utf8))
        scanner.document()
        lines = scanner.found
    }

    /// The line of `path`, else of its nearest enclosing key or table, else nil.
    func line(of path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let line = lines[path] { return line }
            path.removeLast()
        }
        return nil
    }
}

private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var found: [[String]: Int] = [:]
    var arrayTableCounts: [[String]: Int] = [:]

    init(bytes: [UInt8]) { self.bytes = bytes }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func byte(at offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
    }

    mutating func record(_ path: [String], _ line: Int) {
        if found[path] == nil { found[path] = line }
    }

    mutating func skipSpaces() {
        while let c = current, c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") { advance() }
    }

    /// Spaces, newlines and comments: what may separate statements and array elements.
    mutating func skipBlank() {
        while let c = current {
            if c == UInt8(ascii: "#") {
                while let c = current, c != UInt8(ascii: "\n") { advance() }
            } else if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n")
                || c == UInt8(ascii: "\r")
            {
                advance()
            } else {
                return
            }
        }
    }

    mutating func document() {
        var table: [String] = []
        while true {
            skipBlank()
            guard let c = current else { return }
            let start = index
            if c == UInt8(ascii: "[") {
                let headerLine = line
                advance()
                let isArray = current == UInt8(ascii: "[")
                if isArray { advance() }
                let key = readKey()
                while let c = current, c != UInt8(ascii: "]") { advance() }
                advance(isArray ? 2 : 1)
                if isArray {
                    record(key, headerLine)
                    let element = arrayTableCounts[key, default: -1] + 1
                    arrayTableCounts[key] = element
                    table = key + ["[\(element)]"]
                } else {
                    table = key
                }
                record(table, headerLine)
            } else {
                keyValue(prefix: table)
            }
            if index == start { advance() }  // never loop on text this scanner does not expect
        }
    }

    mutating func keyValue(prefix: [String]) {
        let keyLine = line
        let key = readKey()
        for count in 1...max(1, key.count) { record(prefix + key.prefix(count), keyLine) }
        skipSpaces()
        if current == UInt8(ascii: "=") { advance() }
        skipSpaces()
        value(prefix + key)
    }

    mutating func readKey() -> [String] {
        var parts: [String] = []
        while true {
            skipSpaces()
            switch current {
            case UInt8(ascii: "\""): parts.append(readString(quote: UInt8(ascii: "\""), escapes: true))
            case UInt8(ascii: "'"): parts.append(readString(quote: UInt8(ascii: "'"), escapes: false))
            default:
                let start = index
                while let c = current, c.isBareKeyByte { advance() }
                parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
            }
            skipSpaces()
            guard current == UInt8(ascii: ".") else { return parts }
            advance()
        }
    }

    /// A one-line string; returns its raw text (escapes kept, which is enough for key names).
    mutating func readString(quote: UInt8, escapes: Bool) -> String {
        advance()
        let start = index
        while let c = current, c != quote, c != UInt8(ascii: "\n") {
            advance(escapes && c == UInt8(ascii: "\\") ? 2 : 1)
        }
        let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
        advance()
        return text
    }

    mutating func skipMultilineString(quote: UInt8, escapes: Bool) {
        advance(3)
        while let c = current {
            if c == quote, byte(at: 1) == quote, byte(at: 2) == quote {
                advance(3)
                while current == quote { advance() }  // up to two quotes may end the content
                return
            }
            advance(escapes && c == UInt8(ascii: "\\") ? 2 : 1)
        }
    }

    mutating func value(_ path: [String]) {
        record(path, line)
        guard let c = current else { return }
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            if byte(at: 1) == c, byte(at: 2) == c {
                skipMultilineString(quote: c, escapes: c == UInt8(ascii: "\""))
            } else {
                _ = readString(quote: c, escapes: c == UInt8(ascii: "\""))
            }
        case UInt8(ascii: "["):
            advance()
            var element = 0
            while true {
                skipBlank()
                guard let c = current, c != UInt8(ascii: "]") else { break }
                let start = index
                value(path + ["[\(element)]"])
                element += 1
                skipBlank()
                if current == UInt8(ascii: ",") { advance() }
                if index == start { advance() }
            }
            advance()
        case UInt8(ascii: "{"):
            advance()
            while true {
                skipSpaces()
                guard let c = current, c != UInt8(ascii: "}") else { break }
                let start = index
                keyValue(prefix: path)
                skipSpaces()
                if current == UInt8(ascii: ",") { advance() }
                if index == start { advance() }
            }
            advance()
        default:
            while let c = current, !",]}#\n\r".utf8.contains(c) { advance() }
        }
    }
}

extension UInt8 {
    fileprivate var isBareKeyByte: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || self == UInt8(ascii: "_")
            || self == UInt8(ascii: "-")
    }
}
