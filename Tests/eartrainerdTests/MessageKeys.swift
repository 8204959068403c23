import Foundation

/// The keys the wire's message types write, read from their `CodingKeys` (a case's raw value, or
/// its name where it has none): the one place a key is spelled.
enum MessageKeys {
    /// Where the message types live: ControlProtocol's messages, every type there.
    static let messages = "Sources/ControlProtocol/Messages"
    /// And the kinds' own details, each in its kind's folder: the types declared `KindDetails`
    /// (a question's, a judgement's), beside others of the folder that never go on the wire.
    static let kinds = "Sources/Training/Exercises"

    /// Every `CodingKeys` case of the message types, with the file it is in.
    static func all() throws -> [(key: String, file: String)] {
        try [(messages, false), (kinds, true)].flatMap { folder, onlyKindDetails in
            try SourceFiles.swift(under: folder).flatMap { file in
                keys(inSource: try String(contentsOf: ConsoleExample.repository.appendingPathComponent(file), encoding: .utf8),
                     onlyKindDetails: onlyKindDetails)
                    .map { (key: $0, file: file) }
            }
        }
    }

    /// The keys of every `enum CodingKeys` in one file's text.
    static func keys(inSource text: String, onlyKindDetails: Bool = false) -> [String] {
        var keys: [String] = []
        for block in codingKeysBlocks(in: text) where !onlyKindDetails || declaration(enclosing: block, in: text).contains("KindDetails") {
            for line in text[block].split(separator: "\n") {
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
        }
        return keys
    }

    /// The text of each `enum CodingKeys { … }`, from its brace to the one that closes it.
    static func codingKeysBlocks(in text: String) -> [Range<String.Index>] {
        var blocks: [Range<String.Index>] = []
        var rest = text[...]
        while let start = rest.range(of: "enum CodingKeys") {
            guard let open = rest[start.upperBound...].firstIndex(of: "{") else { break }
            var depth = 1
            var index = rest.index(after: open)
            while depth > 0, index < rest.endIndex {
                if rest[index] == "{" { depth += 1 } else if rest[index] == "}" { depth -= 1 }
                index = rest.index(after: index)
            }
            blocks.append(open..<index)
            rest = rest[index...]
        }
        return blocks
    }

    /// The line that opens the type a block is declared in (`public struct Details: KindDetails {`).
    static func declaration(enclosing block: Range<String.Index>, in text: String) -> Substring {
        var depth = 0
        var index = text[..<block.lowerBound].range(of: "enum CodingKeys", options: .backwards)?.lowerBound ?? block.lowerBound
        while index > text.startIndex {
            index = text.index(before: index)
            if text[index] == "}" { depth += 1 } else if text[index] == "{" {
                if depth == 0 { break }
                depth -= 1
            }
        }
        let start = text[..<index].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return text[start...index]
    }

    /// `text` with its `CodingKeys` blocks left out: what spells a key anywhere else.
    static func withoutCodingKeys(_ text: String) -> String {
        var rest = text
        for block in codingKeysBlocks(in: text).reversed() { rest.removeSubrange(block) }
        return rest
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
