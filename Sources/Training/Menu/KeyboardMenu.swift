import MusicTheory

/// The menu a student drives from the keys alone, with the voice saying where they are.
///
/// The `menu` control opens it on its first page and says the page's name and its current
/// choice. On a page, a key sets the choice and the voice says it (a white key from the lowest C
/// of the note range picks the first, second, … choice; on a note page, the key played is the
/// choice). The `menu` control goes on to the next page; past the last, the menu closes with
/// what was chosen and the session starts. `repeat` says the page again; `stop` leaves the menu
/// and changes nothing. Inside the menu no key is an answer.
///
/// The pages may depend on what is chosen (a scale has modes, an interval exercise interval
/// sets): `pages` is asked again after every choice.
public struct KeyboardMenu: Sendable {
    /// What a key or control did in the menu.
    public enum Response: Sendable, Hashable {
        /// Say this (and sound this note, when the choice is one).
        case say(String, sound: MIDINote?)
        /// The menu closed with these choices, by page key.
        case finished([String: JSONValue])
        /// The menu closed and nothing changed.
        case cancelled
    }

    public private(set) var chosen: [String: JSONValue]
    public private(set) var pageIndex = 0
    private let pages: @Sendable ([String: JSONValue]) -> [MenuPage]

    /// A menu starting from the current choices (the ready exercise's), whose pages follow them.
    public init(current: [String: JSONValue], pages: @escaping @Sendable ([String: JSONValue]) -> [MenuPage]) {
        chosen = current
        self.pages = pages
    }

    /// The page showing now.
    public var page: MenuPage { pages(chosen)[pageIndex] }

    /// What the voice says on opening the menu or coming to a page.
    public var announcement: Response {
        .say("\(page.title): \(spokenChoice(on: page) ?? "not chosen")", sound: nil)
    }

    /// A key pressed in the note range.
    public mutating func press(_ key: MIDINote, noteRange: ClosedRange<MIDINote>) -> Response {
        let page = self.page
        switch page.input {
        case .note:
            chosen[page.key] = .string(key.spelled.description)
            return .say(key.spelled.spoken, sound: key)
        case .choices(let choices):
            guard let index = Self.whiteKeyIndex(key, from: noteRange.lowerBound) else {
                return .say("white keys choose, from \(Self.firstC(noteRange.lowerBound).spelled)", sound: nil)
            }
            guard index < choices.count else {
                return .say("\(choices.count) choices, from \(Self.firstC(noteRange.lowerBound).spelled)", sound: nil)
            }
            chosen[page.key] = choices[index].value
            return .say(choices[index].spoken, sound: key)
        }
    }

    /// The `menu` control: the next page, or the end.
    public mutating func next() -> Response {
        let count = pages(chosen).count
        guard pageIndex + 1 < count else { return .finished(chosen) }
        pageIndex += 1
        return announcement
    }

    /// The `stop` control: out, nothing changed.
    public func cancel() -> Response { .cancelled }

    private func spokenChoice(on page: MenuPage) -> String? {
        guard let value = chosen[page.key] else { return nil }
        switch (page.input, value) {
        case (.note, .string(let name)): return (try? SpelledNote(parsing: name).spoken) ?? name
        case (.choices(let choices), _): return choices.first { $0.value == value }?.spoken ?? "\(value)"
        default: return "\(value)"
        }
    }

    /// The lowest C at or above `lowest`.
    static func firstC(_ lowest: MIDINote) -> MIDINote {
        MIDINote(min((lowest.rawValue + 11) / 12 * 12, 120))
    }

    /// 0 for the first C at or above the range's bottom, 1 for the D above it, …; nil for a black
    /// key or a key below that C.
    static func whiteKeyIndex(_ key: MIDINote, from lowest: MIDINote) -> Int? {
        let offset = key.rawValue - firstC(lowest).rawValue
        guard offset >= 0 else { return nil }
        let whiteIndexInOctave = [0: 0, 2: 1, 4: 2, 5: 3, 7: 4, 9: 5, 11: 6]
        guard let inOctave = whiteIndexInOctave[offset % 12] else { return nil }
        return offset / 12 * 7 + inOctave
    }
}
