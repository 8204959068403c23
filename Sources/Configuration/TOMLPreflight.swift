/// Checks TOML text for what TOML 1.0 forbids and toml++ 3 does not survive. Fuzzing the config
/// parser found that toml++ asserts (aborting the process in a debug build; undefined behaviour
/// through `__builtin_assume` in a release build) when a table header's `[` is followed by
/// something that cannot start a key (`[#`, `[=`, `[` at the end of a line, a character outside
/// ASCII). These are refused here, with their line and column, before toml++ sees the text.
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
        if let (line, column) = firstBadTableHeader(in: text) {
            return Finding(line: line, column: column, message: "a table header needs a key: [name] or [[name]]")
        }
        return nil
    }

    /// The place of the first table header whose `[` (or `[[`) is not followed by a key or `]`.
    /// Headers are lines whose first non-blank character is `[`, outside multi-line strings.
    static func firstBadTableHeader(in text: String) -> (line: Int, column: Int)? {
        var inMultiline: String?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let delimiter = inMultiline {
                if line.contains(delimiter) { inMultiline = nil }
                continue
            }
            for delimiter in ["\"\"\"", "'''"] where line.components(separatedBy: delimiter).count == 2 {
                inMultiline = delimiter
            }
            let body = line.drop { $0 == " " || $0 == "\t" }
            guard body.first == "[" else { continue }
            var rest = body.dropFirst()
            rest = rest.drop { $0 == " " || $0 == "\t" }
            if rest.first == "[" { rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" } }
            let startsKey = rest.first.map { $0.isASCII && ($0.isLetter || $0.isNumber || "_-\"'].".contains($0)) } ?? false
            if !startsKey || rest.first == "." {
                return (number + 1, line.count - rest.count + 1)
            }
        }
        return nil
    }

    /// The line and column (1-based) of the first character outside ASCII that is not in a string
    /// or a comment, or nil when there is none.
    static func firstStrayNonASCII(in text: String) -> (line: Int, column: Int)? {
        var line = 1
        var column = 0
        var string: [Unicode.Scalar]?  // the delimiter of the open string: ", ', """ or '''
        var inComment = false
        var escaped = false
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func starts(with delimiter: String) -> Bool {
            let pattern = Array(delimiter.unicodeScalars)
            return index + pattern.count <= scalars.count && Array(scalars[index..<index + pattern.count]) == pattern
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
            if inComment { index += 1; continue }
            if let open = string {
                if escaped {
                    escaped = false
                } else if scalar == "\\" && open.first == "\"" {
                    escaped = true
                } else if starts(with: String(String.UnicodeScalarView(open))) {
                    index += open.count
                    column += open.count - 1
                    string = nil
                    continue
                }
                index += 1
                continue
            }
            if !scalar.isASCII { return (line, column) }
            if scalar == "#" {
                inComment = true
            } else if starts(with: "\"\"\"") || starts(with: "'''") {
                string = Array(scalars[index..<index + 3])
                index += 3
                column += 2
                continue
            } else if scalar == "\"" || scalar == "'" {
                string = [scalar]
            }
            index += 1
        }
        return nil
    }
}
