/// Checks TOML text for what TOML 1.0 forbids and toml++ 3 does not survive. Fuzzing the config
/// parser found that toml++ asserts (aborting the process, in the release build too: its
/// assertions are compiled in there, see below) when a table header's `[` is followed by
/// something that cannot start a key (`[#`, `[=`, `[{`, `[` at the end of a line, a character
/// outside ASCII), and when an array meets a `}` where a value should be (`[}`, `[1, }`). These are
/// refused here, with their line and column, before toml++ sees the text. (A release build keeps
/// toml++'s assertions: `eartrainerd check-config` on `x = [}]` aborted before this check.)
enum TOMLPreflight {
    /// A problem and where it is.
    struct Finding: Equatable {
        let line: Int
        let column: Int
        let message: String
    }

    /// The first problem in `text`, or nil.
    static func check(_ text: String) -> Finding? {
        if let (line, column) = firstStrayNonASCII(in: text) {
            return Finding(line: line, column: column, message: "a character outside ASCII may stand only in a string or a comment")
        }
        let structure = Structure(text)
        if let (line, column) = structure.closingBraceInArray {
            return Finding(line: line, column: column, message: "an array expects a value or ']' here, not '}'")
        }
        if let (line, column) = firstBadTableHeader(in: text, headerLines: structure.headerLines) {
            return Finding(line: line, column: column, message: "a table header needs a key: [name] or [[name]]")
        }
        return nil
    }

    /// What the brackets of `text` are, as far as toml++'s assertions care: the lines that are
    /// table headers (a `[` first on a line, outside strings, comments and any value: a nested
    /// array may start a line too), and the first `}` where an array expects a value (`[}`, `[1, }`:
    /// toml++ hands it to its value parser, which asserts; found by `make fuzz`).
    struct Structure {
        private(set) var headerLines: [Int] = []
        private(set) var closingBraceInArray: (line: Int, column: Int)?

        init(_ text: String) {
            enum Container { case array(expectingValue: Bool), inlineTable }
            var open: [Container] = []
            var lastLine = 0
            var found: (line: Int, column: Int)?
            var headers: [Int] = []
            TOMLPreflight.walk(text) { scalar, place, code in
                guard scalar != " ", scalar != "\t", scalar != "\r" else { return true }
                let firstOnLine = place.line != lastLine
                lastLine = place.line
                guard code, scalar != "#" else { return true }
                if open.isEmpty && firstOnLine && scalar == "[" {
                    headers.append(place.line)
                    return true
                }
                if case .array(let expectingValue)? = open.last {
                    if scalar == "}" && expectingValue {
                        found = place
                        return false
                    }
                    open[open.count - 1] = .array(expectingValue: scalar == ",")  // anything else starts or ends a value
                }
                switch scalar {
                case "[" where !firstOnLine || !open.isEmpty: open.append(.array(expectingValue: true))
                case "{": open.append(.inlineTable)
                case "]", "}": if !open.isEmpty { open.removeLast() }
                default: break
                }
                return true
            }
            headerLines = headers
            closingBraceInArray = found
        }
    }

    /// The place of the first table header whose `[` (or `[[`) is not followed by a key or `]`.
    /// A `'''` in a comment opens nothing (the fuzzer found a header hidden behind one).
    static func firstBadTableHeader(in text: String, headerLines: [Int]) -> (line: Int, column: Int)? {
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        for number in headerLines {
            let line = lines[number - 1]
            var at = 0
            func skipBlanks() { while at < line.count, line[at] == " " || line[at] == "\t" { at += 1 } }
            skipBlanks()
            at += 1  // the [
            skipBlanks()
            if at < line.count, line[at] == "[" { at += 1; skipBlanks() }
            let first = at < line.count ? line[at] : nil
            let startsKey = first.map { $0.isASCII && (Character($0).isLetter || Character($0).isNumber || "_-\"'].".unicodeScalars.contains($0)) } ?? false
            if !startsKey || first == "." {
                return (number, at + 1)
            }
        }
        return nil
    }

    /// The line and column (1-based) of the first character outside ASCII that is not in a string
    /// or a comment, or nil when there is none.
    static func firstStrayNonASCII(in text: String) -> (line: Int, column: Int)? {
        var found: (line: Int, column: Int)?
        walk(text) { scalar, place, code in
            if code && !scalar.isASCII { found = place }
            return found == nil
        }
        return found
    }

    private static let tripleQuote = Array("\"\"\"".unicodeScalars)
    private static let tripleApostrophe = Array("'''".unicodeScalars)

    /// Walks `text` as TOML's lexer sees strings and comments: `visit` gets every scalar but line
    /// breaks, its line and column (1-based), and whether it is code (outside strings and comments;
    /// a string's delimiters count as code). It stops when `visit` returns false.
    private static func walk(_ text: String, _ visit: (Unicode.Scalar, (line: Int, column: Int), Bool) -> Bool) {
        var line = 1
        var column = 0
        var string: [Unicode.Scalar]?  // the delimiter of the open string: ", ', """ or '''
        var inComment = false
        var escaped = false
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func starts(with pattern: [Unicode.Scalar]) -> Bool {
            index + pattern.count <= scalars.count && scalars[index..<index + pattern.count].elementsEqual(pattern)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            column += 1
            if scalar == "\n" {
                line += 1
                column = 0
                inComment = false
                if let open = string, open.count == 1 { string = nil }  // a one-line string cannot span lines
                escaped = false
                index += 1
                continue
            }
            let code = string == nil && !inComment
            guard visit(scalar, (line, column), code) else { return }
            if inComment { index += 1; continue }
            if let open = string {
                if escaped {
                    escaped = false
                } else if scalar == "\\" && open.first == "\"" {
                    escaped = true
                } else if starts(with: open) {
                    index += open.count
                    column += open.count - 1
                    string = nil
                    continue
                }
                index += 1
                continue
            }
            if scalar == "#" {
                inComment = true
            } else if starts(with: tripleQuote) || starts(with: tripleApostrophe) {
                string = Array(scalars[index..<index + 3])
                index += 3
                column += 2
                continue
            } else if scalar == "\"" || scalar == "'" {
                string = [scalar]
            }
            index += 1
        }
    }
}
