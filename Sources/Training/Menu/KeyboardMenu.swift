import MusicTheory

/// The menu a student drives from the keys alone, with the voice saying where they are.
///
/// The `menu` control opens it on its first page and says the page's name and its current
/// choice. On a page, a key sets the choice and the voice says it (a white key from C3, the
/// lowest key of the smallest common keyboard and a key every larger one has, picks the first,
/// second, … choice; on a note page, the key played is the choice; on the keys page, the lowest
/// and then the highest key of the keyboard). The `menu` control goes on to the next page; past the last, the menu closes with
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
    /// On the keys page: the lowest key, played, while the highest is awaited.
    private var lowestPlayed: MIDINote?
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

    /// The first choice's key: C3, the lowest key of a 25-key keyboard; 76- and 88-key ones have it too.
    public static let firstChoiceKey = MIDINote(48)
    /// The fewest semitones a keyboard's keys may span on the keys page: an octave.
    public static let narrowestKeys = 12

    /// A key pressed with the menu open.
    public mutating func press(_ key: MIDINote) -> Response {
        let page = self.page
        switch page.input {
        case .note:
            chosen[page.key] = .string(key.spelled.description)
            return .say(key.spelled.spoken, sound: key)
        case .choices(let choices):
            let first = Self.firstChoiceKey.spelled.spoken
            guard let index = Self.whiteKeyIndex(key, from: Self.firstChoiceKey) else {
                return .say("white keys choose, from \(first)", sound: nil)
            }
            guard index < choices.count else {
                return .say("\(choices.count) choices, from \(first)", sound: nil)
            }
            chosen[page.key] = choices[index].value
            return .say(choices[index].spoken, sound: key)
        case .keys:
            guard let lowest = lowestPlayed else {
                lowestPlayed = key
                return .say("lowest \(key.spelled.spoken); now your highest key", sound: key)
            }
            lowestPlayed = nil
            let keys = min(lowest, key)...max(lowest, key)
            guard keys.upperBound.rawValue - keys.lowerBound.rawValue >= Self.narrowestKeys else {
                return .say("at least an octave, please; play your lowest key again", sound: nil)
            }
            chosen[page.key] = Self.value(keys)
            return .say(Self.spoken(keys), sound: key)
        }
    }

    /// The keys page's value: the lowest and highest key, as note names.
    public static func value(_ keys: ClosedRange<MIDINote>) -> JSONValue {
        .array([.string(keys.lowerBound.spelled.description), .string(keys.upperBound.spelled.description)])
    }

    /// The keys a keys page's value names, if it names two.
    public static func keys(in value: JSONValue) -> ClosedRange<MIDINote>? {
        guard case .array(let names) = value, names.count == 2,
              case .string(let low) = names[0], case .string(let high) = names[1],
              let lowest = try? MIDINote(parsing: low), let highest = try? MIDINote(parsing: high), lowest < highest
        else { return nil }
        return lowest...highest
    }

    static func spoken(_ keys: ClosedRange<MIDINote>) -> String {
        "\(keys.lowerBound.spelled.spoken) to \(keys.upperBound.spelled.spoken)"
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
        case (.keys, _): return Self.keys(in: value).map(Self.spoken)
        default: return "\(value)"
        }
    }

    /// 0 for `first` (a C), 1 for the D above it, …; nil for a black key or a key below it.
    static func whiteKeyIndex(_ key: MIDINote, from first: MIDINote) -> Int? {
        let offset = key.rawValue - first.rawValue
        guard offset >= 0 else { return nil }
        let whiteIndexInOctave = [0: 0, 2: 1, 4: 2, 5: 3, 7: 4, 9: 5, 11: 6]
        guard let inOctave = whiteIndexInOctave[offset % 12] else { return nil }
        return offset / 12 * 7 + inOctave
    }
}
