extension TOMLScan {
    /// What the scan knows between two scalars: the open arrays and inline tables, the key being
    /// read, and the table the next keys belong to.
    struct State {
        /// An open array or inline table, with the key path its elements belong to (nil where
        /// the text has none, such as the second `[` of a `[[table]]` header).
        enum Container {
            case array(path: [String]?, next: Int, expectingValue: Bool)
            case inlineTable(path: [String]?)
        }

        /// A key being read: its parts so far, where it goes, and the line it started on.
        struct Key {
            var parts: [String] = []
            var current = ""
            var quoted = false
            let line: Int
            let prefix: [String]
            var names: Names = .value
        }

        /// What a key names: a value (`key = …`), a table (`[key]`) or an array of tables (`[[key]]`).
        enum Names { case value, table, arrayOfTables }

        var problem: Problem?
        var lines: [[String]: Int] = [:]
        var lastPlace: Place = (1, 0)
        private var open: [Container] = []
        private var lastLine = 0
        /// The brackets of a table header whose key has not started yet.
        private var headerBrackets: Int?
        private var key: Key?
        private var keyExpected: [String]?
        private var valuePath: [String]?
        private var table: [String] = []
        private var arrayTables: [[String]: Int] = [:]

        mutating func step(_ scalar: Unicode.Scalar, _ place: Place, _ role: Role) {
            lastPlace = place
            if role == .lineBreak { return endLine(place) }
            if role == .string {
                if key?.quoted == true { key?.current.unicodeScalars.append(scalar) }
            }
            // After a header's `[`, toml++ skips spaces and tabs only: a `\r` there is no key either.
            if let brackets = headerBrackets, scalar != " ", scalar != "\t" {
                if scalar == "[" && brackets == 1 {
                    headerBrackets = 2
                } else {
                    headerBrackets = nil
                    guard scalar != ".", scalar.isASCII, scalar.startsKey || scalar == "]" else {
                        return refuse(place, "a table header needs a key: [name] or [[name]]")
                    }
                }
            }
            guard scalar != " ", scalar != "\t", scalar != "\r" else { return }
            let firstOnLine = place.line != lastLine
            lastLine = place.line
            guard role == .code else { return }
            guard scalar.isASCII else {
                return refuse(place, "a character outside ASCII may stand only in a string or a comment")
            }
            if open.isEmpty && firstOnLine {
                valuePath = nil
                keyExpected = nil
                if scalar == "[" {
                    headerBrackets = 1
                    key = Key(line: place.line, prefix: [], names: .table)
                    return
                }
                key = Key(line: place.line, prefix: table)
            }
            if case .array(let path, let next, let expectingValue)? = open.last {
                if scalar == "}" && expectingValue {
                    return refuse(place, "an array expects a value or ']' here, not '}'")
                }
                // Anything but a comma starts or ends a value.
                open[open.count - 1] = .array(path: path, next: scalar == "," ? next + 1 : next, expectingValue: scalar == ",")
                if expectingValue && scalar != "]" && scalar != "," {
                    valuePath = path.map { $0 + ["[\(next)]"] }
                }
            }
            if let prefix = keyExpected {
                keyExpected = nil
                key = Key(line: place.line, prefix: prefix)
            }
            // The brackets are followed for every scalar, in a key or not: the guard needs no grammar.
            let readingKey = key != nil
            var path: [String]?
            if !readingKey, let value = valuePath {
                valuePath = nil
                record(value, place.line)
                path = value
            }
            switch scalar {
            case "[": open.append(.array(path: path, next: 0, expectingValue: true))
            case "{":
                open.append(.inlineTable(path: path))
                if !readingKey { keyExpected = path }
            case "]", "}": if !open.isEmpty { open.removeLast() }
            case ",": if !readingKey, case .inlineTable(let path)? = open.last { keyExpected = path }
            default: break
            }
            if readingKey { readKey(scalar) }
        }

        /// One scalar of a key: a bare character, a quote, a dot, or what ends the key.
        private mutating func readKey(_ scalar: Unicode.Scalar) {
            guard var key else { return }
            self.key = nil
            switch scalar {
            case _ where key.quoted:
                key.quoted = false  // the closing quote
            case "\"", "'":
                key.quoted = true
            case ".":
                key.parts.append(key.current)
                key.current = ""
            case "[" where key.names == .table && key.parts.isEmpty && key.current.isEmpty:
                key.names = .arrayOfTables
            case "]" where key.names != .value:
                return endHeader(key.parts + [key.current], isArray: key.names == .arrayOfTables, line: key.line)
            case "=" where key.names == .value:
                let parts = key.parts + [key.current]
                for count in 1...parts.count { record(key.prefix + parts.prefix(count), key.line) }
                valuePath = key.prefix + parts
                return
            case _ where scalar.startsKey:
                key.current.unicodeScalars.append(scalar)
            default:
                return  // not a key: toml++ will say what is wrong
            }
            self.key = key
        }

        private mutating func endHeader(_ name: [String], isArray: Bool, line: Int) {
            if isArray {
                record(name, line)
                let element = arrayTables[name, default: -1] + 1
                arrayTables[name] = element
                table = name + ["[\(element)]"]
            } else {
                table = name
            }
            record(table, line)
        }

        /// A table header's `[` with nothing after it on its line is refused as well.
        mutating func endLine(_ place: Place) {
            guard problem == nil, headerBrackets != nil else { return }
            refuse(place, "a table header needs a key: [name] or [[name]]")
        }

        private mutating func refuse(_ place: Place, _ message: String) {
            problem = Problem(line: place.line, column: place.column, message: message)
        }

        private mutating func record(_ path: [String], _ line: Int) {
            if lines[path] == nil { lines[path] = line }
        }
    }
}

extension Unicode.Scalar {
    /// Whether a bare key may hold it (ASCII letters, digits, `_`, `-`), or it opens a quoted key.
    fileprivate var startsKey: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self)
            || self == "_" || self == "-" || self == "\"" || self == "'"
    }
}
