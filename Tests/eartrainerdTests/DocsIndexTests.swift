import Foundation
import Testing

/// The README is the front page: it links every page of docs/ and the change log, and no relative
/// link of the README, the change log or the docs points at a file or heading that is not there.
@Suite("the README indexes the docs")
struct DocsIndexTests {
    static let repository = ConsoleExample.repository

    /// The pages of docs/ (`docs/NAME.md`), sorted.
    static func pages() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    static func text(_ document: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(document), encoding: .utf8)
    }

    /// Every `](target)` and `src="target"` of a document that is not a web address.
    static func relativeLinks(in document: String) throws -> [String] {
        let text = try Self.text(document)
        let pattern = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)|src="([^"]+)""#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            let group = match.range(at: 1).location != NSNotFound ? 1 : 2
            guard let range = Range(match.range(at: group), in: text) else { return nil }
            let target = String(text[range])
            return target.contains("://") || target.hasPrefix("mailto:") ? nil : target
        }
    }

    /// A heading's anchor as GitHub makes it: lower case, spaces to hyphens, other punctuation gone.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
            return nil
        })
    }

    static func anchors(in document: String) throws -> Set<String> {
        var anchors: Set<String> = []
        var inBlock = false
        for line in try Self.text(document).components(separatedBy: "\n") {
            if line.hasPrefix("```") { inBlock.toggle() }
            guard !inBlock, line.hasPrefix("#") else { continue }
            anchors.insert(anchor(String(line.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)))
        }
        return anchors
    }

    @Test("the README links every page of docs/ and the change log")
    func readmeLinksEveryPage() throws {
        let pages = try Self.pages()
        #expect(pages.count >= 18, "the docs are read: \(pages)")
        let links = Set(try Self.relativeLinks(in: "README.md").map { $0.split(separator: "#").first.map(String.init) ?? $0 })
        for page in pages + ["CHANGELOG.md"] {
            #expect(links.contains(page), "README.md should link \(page), with a line saying what it holds")
        }
    }

    @Test("the README stays a front page: at most 300 lines")
    func readmeIsShort() throws {
        let lines = try Self.text("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count - (lines.last == "" ? 1 : 0) <= 300)
    }

    @Test("each relative link of the README, the change log and the docs finds its file and heading",
          arguments: try ["README.md", "CHANGELOG.md"] + DocsIndexTests.pages())
    func linksResolve(_ document: String) throws {
        for link in try Self.relativeLinks(in: document) {
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let target = parts[0].isEmpty ? document : Self.resolved(parts[0], from: document)
            #expect(FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent(target).path),
                    "\(document): \(link) finds no file")
            if parts.count == 2, target.hasSuffix(".md") {
                #expect(try Self.anchors(in: target).contains(parts[1]), "\(document): \(link) finds no heading")
            }
        }
    }

    /// A link's path from the repository's root: `../config/x` from `docs/a.md` is `config/x`.
    static func resolved(_ link: String, from document: String) -> String {
        var path = document.split(separator: "/").dropLast().map(String.init)
        for component in link.split(separator: "/").map(String.init) {
            switch component {
            case ".": continue
            case "..": _ = path.popLast()
            default: path.append(component)
            }
        }
        return path.joined(separator: "/")
    }
}
