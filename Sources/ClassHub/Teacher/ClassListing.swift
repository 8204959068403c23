import Foundation

/// Which students the class page shows: those whose names hold the search, a page of them at a
/// time. A school's hub has a thousand students; a phone wants fifty, and the page reads only
/// their rows.
struct ClassListing: Sendable {
    static let pageSize = 50
    /// What the teacher typed into the search, trimmed; empty for the whole class.
    var search: String
    /// 1-based, within 1…pageCount.
    var page: Int
    /// Every student of the class, and those whose names hold the search.
    var classSize: Int
    var matching: Int
    /// Of those, how many practised over the days shown.
    var practised: Int
    /// This page's students, in the roster's order (by name).
    var ids: [String]

    var pageCount: Int { Self.pages(matching) }

    /// A class on one page needs no search, unless one was asked for.
    var offersSearch: Bool { classSize > Self.pageSize || !search.isEmpty }

    static func pages(_ students: Int) -> Int { max(1, (students + pageSize - 1) / pageSize) }

    /// Page `asked` (moved into range) of the students in `roster` (by name) whose names hold
    /// `search`, letter case and accents aside; `practisedIDs` are those who practised.
    init(roster: [(id: String, name: String)], practised practisedIDs: Set<String>, search: String, page asked: Int) {
        let wanted = search.trimmingCharacters(in: .whitespacesAndNewlines)
        let found = wanted.isEmpty ? roster
            : roster.filter { $0.name.range(of: wanted, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        self.search = wanted
        classSize = roster.count
        matching = found.count
        practised = found.count(where: { practisedIDs.contains($0.id) })
        page = min(max(asked, 1), Self.pages(found.count))
        ids = found.dropFirst((page - 1) * Self.pageSize).prefix(Self.pageSize).map(\.id)
    }

    /// The class page's address for `days` and `page` with this search.
    func link(days: Int64, page: Int) -> String {
        var query = "/teacher?days=\(days)"
        if !search.isEmpty { query += "&q=" + (search.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") }
        if page > 1 { query += "&page=\(page)" }
        return query
    }
}
