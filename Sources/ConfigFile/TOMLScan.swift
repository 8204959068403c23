/// The one pass of our own over a config file's text, made before toml++ parses it. It does two
/// things toml++ (through TOMLKit 0.6.0) does not:
///
/// - **Guard.** toml++ 3 checks some of its parser's preconditions with `assert`, and SwiftPM's
///   release build keeps them (it does not define `NDEBUG` for C++), so some malformed files abort
///   the process instead of failing to parse. Two callers do not check first: a table header
///   passes whatever follows `[` or `[[` and spaces to `parse_key`, which asserts it is a key
///   character (`[#`, `[=`, `[{`, `[\r`, `[` at a line's end), and an array passes a `}` where a
///   value should be to `parse_value`, which asserts it is no terminator (`[}`, `[1, }`). Both
///   were found by fuzzing. They are refused here, with line and column, before toml++ sees the
///   text, and so is any character outside ASCII outside strings and comments.
/// - **Locate.** TOMLKit passes on toml++'s source positions only for syntax errors, not for the
///   nodes of a parsed document, so the same pass records the line where each key path first
///   appears (array elements as `[i]`), for errors about values.
///
/// The lexer follows TOML's strings and comments; the brackets are followed without a grammar, so
/// the guard holds on any text, valid or not. The locations are right for text toml++ accepts.
struct TOMLScan: Sendable {
    /// What toml++ must not be given, and where it is.
    struct Problem: Equatable, Sendable {
        let line: Int
        let column: Int
        let message: String
    }

    /// The first problem in the text, or nil when toml++ may parse it.
    private(set) var problem: Problem?
    /// Key path to line, from 1.
    private(set) var lines: [[String]: Int] = [:]

    /// Scans `text`, stopping at the first problem.
    init(_ text: String) {
        var state = State()
        Lexer.walk(text) { scalar, place, role in
            state.step(scalar, place, role)
            return state.problem == nil
        }
        state.endLine((state.lastPlace.line, state.lastPlace.column + 1))
        problem = state.problem
        lines = state.lines
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

extension TOMLScan {
    /// A line and a column, both from 1; the column counts Unicode scalars.
    typealias Place = (line: Int, column: Int)

    /// What a scalar is to TOML's lexer.
    enum Role { case code, string, comment, lineBreak }

    /// Walks text as TOML's lexer sees strings and comments. A string's delimiters are code, its
    /// content is not; a multi-line string's closing delimiter takes up to two more quotes (`"""a""""`
    /// is `a"`), as toml++ reads it.
    enum Lexer {
        private static let quotes: [Unicode.Scalar] = ["\"", "'"]

        static func walk(_ text: String, _ visit: (Unicode.Scalar, Place, Role) -> Bool) {
            let scalars = Array(text.unicodeScalars)
            var place: Place = (1, 0)
            var string: (quote: Unicode.Scalar, multiLine: Bool)?
            var inComment = false
            var escaped = false
            var index = 0
            func run(of quote: Unicode.Scalar) -> Int {
                var count = 0
                while index + count < scalars.count, scalars[index + count] == quote { count += 1 }
                return count
            }
            while index < scalars.count {
                let scalar = scalars[index]
                place.column += 1
                if scalar == "\n" {
                    guard visit(scalar, place, .lineBreak) else { return }
                    place = (place.line + 1, 0)
                    inComment = false
                    escaped = false
                    if string?.multiLine == false { string = nil }  // a one-line string ends with its line
                    index += 1
                    continue
                }
                var width = 1
                let role: Role
                if inComment {
                    role = .comment
                } else if let open = string {
                    if escaped {
                        escaped = false
                        role = .string
                    } else if scalar == "\\" && open.quote == "\"" {
                        escaped = true
                        role = .string
                    } else if scalar == open.quote && (!open.multiLine || run(of: scalar) >= 3) {
                        width = open.multiLine ? min(run(of: scalar), 5) : 1
                        string = nil
                        role = .code
                    } else {
                        role = .string
                    }
                } else if scalar == "#" {
                    inComment = true
                    role = .comment
                } else {
                    if quotes.contains(scalar) {
                        let multiLine = run(of: scalar) >= 3
                        string = (scalar, multiLine)
                        width = multiLine ? 3 : 1
                    }
                    role = .code
                }
                guard visit(scalar, place, role) else { return }
                index += width
                place.column += width - 1
            }
        }
    }
}
