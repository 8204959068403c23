import Foundation

/// The keys the wire's message types write, read from their `CodingKeys` (a case's raw value, or
/// its name where it has none): the one place a key is spelled.
enum MessageKeys {
    /// Where the message types live: ControlProtocol's messages.
    static let folders = ["Sources/ControlProtocol/Messages"]

    /// Every `CodingKeys` case of the Swift files under `folders`, with the file it is in.
    static func all() throws -> [(key: String, file: String)] {
        try folders.flatMap { folder in
            try SourceFiles.swift(under: folder).flatMap { file in
                keys(inSource: try String(contentsOf: ConsoleExample.repository.appendingPathComponent(file), encoding: .utf8))
                    .map { (key: $0, file: file) }
            }
        }
    }

    /// The keys of every `enum CodingKeys` in one file's text.
    static func keys(inSource text: String) -> [String] {
        var keys: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "enum CodingKeys") {
            guard let open = rest[start.upperBound...].firstIndex(of: "{") else { break }
            var depth = 1
            var index = rest.index(after: open)
            while depth > 0, index < rest.endIndex {
                if rest[index] == "{" { depth += 1 } else if rest[index] == "}" { depth -= 1 }
                index = rest.index(after: index)
            }
            for line in rest[open..<index].split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("case ") else { continue }
                for item in trimmed.dropFirst(5).split(separator: ",") {
                    let parts = item.split(separator: "=", maxSplits: 1)
                    // A case's raw value after its `=`, or the name itself (`` `repeat` `` without its backticks).
                    let key = parts.count == 2 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \""))
                        : parts[0].trimmingCharacters(in: CharacterSet(charactersIn: " `"))
                    keys.append(key)
                }
            }
            rest = rest[index...]
        }
        return keys
    }
}

/// The repository's Swift files, by path from its root.
enum SourceFiles {
    static func swift(under folder: String) throws -> [String] {
        let root = ConsoleExample.repository.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }.sorted()
    }
}
