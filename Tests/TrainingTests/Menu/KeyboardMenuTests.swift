import MusicTheory
import Testing
@testable import Training

/// The keyboard menu as a student walks it: pages that follow the choices, white keys for
/// choices, a played note for a root, and what the voice is given to say.
@Suite("The keyboard menu")
struct KeyboardMenuTests {
    static let range = MIDINote(36)...MIDINote(72)

    static let pages: @Sendable ([String: JSONValue]) -> [MenuPage] = { chosen in
        var pages = [MenuPage(key: "kind", title: "exercise", input: .choices([MenuChoice("scale"), MenuChoice("interval"), MenuChoice("ear-interval")]))]
        if chosen["kind"] == .string("scale") {
            pages.append(MenuPage(key: "mode", title: "mode", input: .choices(["ionian", "dorian", "phrygian"].map { MenuChoice($0) })))
        }
        pages.append(MenuPage(key: "root", title: "root", input: .note))
        pages.append(MenuPage(key: "tuning", title: "tuning", input: .choices([MenuChoice("equal_temperament"), MenuChoice("just_intonation")])))
        return pages
    }

    @Test("opening says the page and its current choice; keys choose; the menu key goes on; past the last page it finishes with every choice")
    func walkThrough() {
        var menu = KeyboardMenu(current: ["kind": .string("interval"), "root": .string("C3"), "tuning": .string("equal_temperament")], pages: Self.pages)
        #expect(menu.announcement == .say("exercise: interval", sound: nil))
        #expect(menu.press(MIDINote(48)) == .say("scale", sound: MIDINote(48)), "C3, the first white key")
        #expect(menu.next() == .say("mode: not chosen", sound: nil), "a scale has a mode page")
        #expect(menu.press(MIDINote(50)) == .say("dorian", sound: MIDINote(50)), "D3, the second")
        #expect(menu.next() == .say("root: C 3", sound: nil))
        #expect(menu.press(MIDINote(50)) == .say("D 3", sound: MIDINote(50)))
        #expect(menu.next() == .say("tuning: equal temperament", sound: nil))
        #expect(menu.press(MIDINote(62)) == .say("2 choices, from C 3", sound: nil), "D4 is the ninth white key")
        #expect(menu.press(MIDINote(50)) == .say("just intonation", sound: MIDINote(50)))
        #expect(menu.next() == .finished(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3"), "tuning": .string("just_intonation")]))
    }

    @Test("black keys and keys past the last choice are explained, and change nothing")
    func wrongKeys() {
        var menu = KeyboardMenu(current: ["kind": .string("interval")], pages: Self.pages)
        #expect(menu.press(MIDINote(49)) == .say("white keys choose, from C 3", sound: nil))
        #expect(menu.press(MIDINote(47)) == .say("white keys choose, from C 3", sound: nil), "B2 is below the first")
        #expect(menu.press(MIDINote(53)) == .say("3 choices, from C 3", sound: nil), "F3 is the fourth white key")
        #expect(menu.chosen == ["kind": .string("interval")])
        #expect(menu.cancel() == .cancelled)
    }

    @Test("white keys count from a C", arguments: [
        (36, 36, 0), (36, 38, 1), (36, 47, 6), (36, 48, 7), (36, 60, 14), (36, 72, 21), (36, 37, nil), (48, 48, 0), (48, 45, nil), (48, 47, nil), (48, 71, 13),
    ] as [(Int, Int, Int?)])
    func whiteKeys(bottom: Int, key: Int, index: Int?) {
        #expect(KeyboardMenu.whiteKeyIndex(MIDINote(key), from: MIDINote(bottom)) == index)
    }
}

/// The keys page: a keyboard's lowest key, then its highest, so questions stay on its keys.
@Suite("The keyboard menu's keys page")
struct KeyboardMenuKeysPageTests {
    static let pages: @Sendable ([String: JSONValue]) -> [MenuPage] = { _ in [MenuPage.keys] }

    @Test("opening says the keys in force; the lowest and highest keys played set them, in either order", arguments: [
        (48, 72), (72, 48), (36, 84), (21, 108),
    ])
    func keys(first: Int, second: Int) {
        var menu = KeyboardMenu(current: ["keys": KeyboardMenu.value(MIDINote(36)...MIDINote(72))], pages: Self.pages)
        #expect(menu.announcement == .say("keys: C 2 to C 5", sound: nil))
        #expect(menu.press(MIDINote(first)) == .say("lowest \(MIDINote(first).spelled.spoken); now your highest key", sound: MIDINote(first)))
        let keys = MIDINote(min(first, second))...MIDINote(max(first, second))
        #expect(menu.press(MIDINote(second)) == .say("\(keys.lowerBound.spelled.spoken) to \(keys.upperBound.spelled.spoken)", sound: MIDINote(second)))
        guard case .finished(let chosen) = menu.next() else { Issue.record("the menu did not finish"); return }
        #expect(chosen["keys"].flatMap(KeyboardMenu.keys(in:)) == keys)
    }

    @Test("less than an octave is refused and changes nothing")
    func tooNarrow() {
        var menu = KeyboardMenu(current: ["keys": KeyboardMenu.value(MIDINote(36)...MIDINote(72))], pages: Self.pages)
        _ = menu.press(MIDINote(48))
        #expect(menu.press(MIDINote(59)) == .say("at least an octave, please; play your lowest key again", sound: nil))
        #expect(menu.chosen["keys"].flatMap(KeyboardMenu.keys(in:)) == MIDINote(36)...MIDINote(72))
    }

    @Test("a value that does not name two keys in order names none", arguments: [
        JSONValue.string("C3"), .array([.string("C5"), .string("C3")]), .array([.string("C3")]), .array([.string("X"), .string("C4")]),
    ])
    func badValues(value: JSONValue) {
        #expect(KeyboardMenu.keys(in: value) == nil)
    }
}
