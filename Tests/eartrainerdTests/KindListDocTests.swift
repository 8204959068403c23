import DaemonTestSupport
import Foundation
import Testing
import Training

/// The documents that list the exercise kinds list those of `ExerciseCatalog`, in its order: a
/// kind added to the catalog (or taken out) fails here until the docs say so too.
@Suite("docs list the kinds of ExerciseCatalog", .daemon)
struct KindListDocTests {
    static let catalog = ExerciseCatalog.all.map { $0.kind.rawValue }

    /// Every run of kinds in `text` that starts with the catalog's first kind: the names in
    /// backquotes that follow it, each separated from the next by `, ` or `/`.
    static func lists(in text: String) -> [[String]] {
        let first = "`\(catalog[0])`"
        var lists: [[String]] = []
        var rest = text[...]
        while let start = rest.range(of: first) {
            var names: [String] = []
            var cursor = start.lowerBound
            while rest[cursor...].hasPrefix("`"), let close = rest[rest.index(after: cursor)...].firstIndex(of: "`") {
                names.append(String(rest[rest.index(after: cursor)..<close]))
                cursor = rest.index(after: close)
                guard let separator = [", ", "/"].first(where: { rest[cursor...].hasPrefix($0) }) else { break }
                cursor = rest.index(cursor, offsetBy: separator.count)
            }
            // Lists of the kinds, not a sentence that happens to start with the first kind's name.
            if names.count > 2 && names[1] == catalog[1] { lists.append(names) }
            rest = rest[start.upperBound...]
        }
        return lists
    }

    @Test("the reader finds a list and stops where it ends")
    func reader() {
        #expect(Self.lists(in: "kinds: `scale`, `interval`, `chord`; then `x`") == [["scale", "interval", "chord"]])
        #expect(Self.lists(in: "(`scale`/`interval`/`ear-interval`: the kinds)") == [["scale", "interval", "ear-interval"]])
        #expect(Self.lists(in: "`scale` alone, `scale`, `mode`").isEmpty)
    }

    @Test("each list of kinds in the docs is the catalog's", arguments: ["docs/configuration.md", "docs/protocol.md", "docs/architecture.md"])
    func everyList(document: String) throws {
        let text = try String(contentsOf: ConsoleExample.repository.appendingPathComponent(document), encoding: .utf8)
        let lists = Self.lists(in: text)
        #expect(!lists.isEmpty, "\(document) lists no kinds")
        for list in lists { #expect(list == Self.catalog, "\(document): \(list.joined(separator: ", "))") }
    }
}
