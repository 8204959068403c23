/// An XML document as a tree of elements: what a MusicXML file is read into. A small reader of
/// well-formed XML (elements, attributes, text, the five named entities and numeric character
/// references, CDATA; comments, processing instructions and the document type skipped), so that
/// the daemon links no XML library; it refuses what is not well-formed, naming the line.
public struct XMLElement: Sendable {
    public let name: String
    public let attributes: [String: String]
    public let children: [XMLElement]
    /// The element's own text (its character data, children's left out), trimmed.
    public let text: String

    /// The first child named `name`.
    public func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }

    /// The children named `name`.
    public func children(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }

    /// The text of the child at `path` (names separated by "/").
    public func text(at path: String) -> String? {
        var element: XMLElement? = self
        for name in path.split(separator: "/") { element = element?.child(String(name)) }
        return element?.text
    }

    /// Reads a document; its root element.
    public static func parse(_ bytes: [UInt8]) throws(ScoreError) -> XMLElement {
        var reader = XMLTokenReader(bytes)
        return try reader.document()
    }
}

/// The reading of one document, byte by byte (UTF-8).
struct XMLTokenReader {
    private let bytes: [UInt8]
    private var at = 0
    /// How deep elements may nest: MusicXML needs under ten levels; a hostile file's million would
    /// exhaust the stack.
    static let maximumDepth = 64

    init(_ bytes: [UInt8]) {
        // A byte-order mark is no part of the document; a UTF-16 one (some exporters write it)
        // says the rest is read as UTF-16 and given here as UTF-8.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { index in
                little ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
            }
            self.bytes = Array(String(decoding: units, as: UTF16.self).utf8)
        } else {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
        }
    }

    private var line: Int { bytes[..<min(at, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } }

    private func fault(_ what: String) -> ScoreError { ScoreError("not well-formed XML at line \(line): \(what)") }

    private func starts(with text: String) -> Bool { bytes[at...].starts(with: text.utf8) }

    private mutating func skip(past text: String, _ what: String) throws(ScoreError) {
        let pattern = Array(text.utf8)
        while at + pattern.count <= bytes.count {
            if bytes[at..<(at + pattern.count)].elementsEqual(pattern) { at += pattern.count; return }
            at += 1
        }
        throw fault("\(what) is never closed")
    }

    private mutating func skipSpace() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    /// Comments, processing instructions and the document type, before or between elements.
    private mutating func skipMarkup() throws(ScoreError) -> Bool {
        if starts(with: "<!--") { try skip(past: "-->", "a comment"); return true }
        if starts(with: "<?") { try skip(past: "?>", "a processing instruction"); return true }
        if starts(with: "<!DOCTYPE") {
            // An internal subset, in brackets, may hold ">" of its own.
            while at < bytes.count, bytes[at] != UInt8(ascii: ">") {
                if bytes[at] == UInt8(ascii: "[") { try skip(past: "]", "the document type's internal subset"); continue }
                at += 1
            }
            guard at < bytes.count else { throw fault("the document type is never closed") }
            at += 1
            return true
        }
        return false
    }

    mutating func document() throws(ScoreError) -> XMLElement {
        while true {
            skipSpace()
            guard at < bytes.count else { throw ScoreError("not an XML document: it holds no element") }
            if try skipMarkup() { continue }
            guard bytes[at] == UInt8(ascii: "<") else {
                throw ScoreError("not an XML document: it begins with text, not an element")
            }
            let root = try element(depth: 0)
            while true {
                skipSpace()
                if at >= bytes.count { return root }
                guard try skipMarkup() else { throw fault("more follows the root element") }
            }
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || [UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: ".")].contains(byte)
    }

    private mutating func name() throws(ScoreError) -> String {
        let start = at
        while at < bytes.count, Self.isNameByte(bytes[at]) { at += 1 }
        guard at > start else { throw fault("a name is missing") }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    /// An element, from its "<" to the end of its closing tag.
    private mutating func element(depth: Int) throws(ScoreError) -> XMLElement {
        guard depth < Self.maximumDepth else { throw fault("elements nest deeper than \(Self.maximumDepth) levels") }
        at += 1  // "<"
        let name = try name()
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard at < bytes.count else { throw fault("the tag <\(name)> is never closed") }
            if bytes[at] == UInt8(ascii: "/") {
                guard at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: ">") else { throw fault("\"/\" inside the tag <\(name)>") }
                at += 2
                return XMLElement(name: name, attributes: attributes, children: [], text: "")
            }
            if bytes[at] == UInt8(ascii: ">") { at += 1; break }
            let key = try self.name()
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { throw fault("the attribute \(key) of <\(name)> has no value") }
            at += 1
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else {
                throw fault("the attribute \(key) of <\(name)> is not quoted")
            }
            let quote = bytes[at]
            at += 1
            let start = at
            while at < bytes.count, bytes[at] != quote { at += 1 }
            guard at < bytes.count else { throw fault("the attribute \(key) of <\(name)> is never closed") }
            attributes[key] = try decoded(bytes[start..<at])
            at += 1
        }
        var children: [XMLElement] = []
        var text: [UInt8] = []
        while true {
            guard at < bytes.count else { throw fault("<\(name)> is never closed") }
            if bytes[at] != UInt8(ascii: "<") {
                let start = at
                while at < bytes.count, bytes[at] != UInt8(ascii: "<") { at += 1 }
                text += Array(try decoded(bytes[start..<at]).utf8)
            } else if starts(with: "</") {
                at += 2
                let closing = try self.name()
                guard closing == name else { throw fault("<\(name)> is closed by </\(closing)>") }
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ">") else { throw fault("the closing tag </\(name)> is never closed") }
                at += 1
                let trimmed = String(decoding: text, as: UTF8.self).trimmingXMLSpace()
                return XMLElement(name: name, attributes: attributes, children: children, text: trimmed)
            } else if starts(with: "<![CDATA[") {
                at += 9
                let start = at
                try skip(past: "]]>", "a CDATA section")
                text += bytes[start..<(at - 3)]
            } else if try skipMarkup() {
                continue
            } else {
                children.append(try element(depth: depth + 1))
            }
        }
    }

    /// Character data with its references replaced: &amp; &lt; &gt; &quot; &apos; &#N; &#xN;.
    private func decoded(_ raw: ArraySlice<UInt8>) throws(ScoreError) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var result = ""
        var rest = Substring(String(decoding: raw, as: UTF8.self))
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { throw fault("a reference (&…;) is never closed") }
            let reference = rest[rest.index(after: amp)..<semicolon]
            switch reference {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number = reference.hasPrefix("#x") ? Int(reference.dropFirst(2), radix: 16)
                    : reference.hasPrefix("#") ? Int(reference.dropFirst()) : nil
                guard let number, let scalar = Unicode.Scalar(number) else { throw fault("&\(reference); is no character this reader knows") }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}

extension String {
    /// Without the spaces, tabs and line ends XML counts as white space, at either end.
    func trimmingXMLSpace() -> String {
        let space: Set<Character> = [" ", "\t", "\n", "\r", "\r\n"]
        guard let first = firstIndex(where: { !space.contains($0) }), let last = lastIndex(where: { !space.contains($0) }) else { return "" }
        return String(self[first...last])
    }
}
