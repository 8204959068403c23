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
        #expect(menu.press(MIDINote(36), noteRange: Self.range) == .say("scale", sound: MIDINote(36)), "C2, the first white key")
        #expect(menu.next() == .say("mode: not chosen", sound: nil), "a scale has a mode page")
        #expect(menu.press(MIDINote(38), noteRange: Self.range) == .say("dorian", sound: MIDINote(38)), "D2, the second")
        #expect(menu.next() == .say("root: C 3", sound: nil))
        #expect(menu.press(MIDINote(50), noteRange: Self.range) == .say("D 3", sound: MIDINote(50)))
        #expect(menu.next() == .say("tuning: equal temperament", sound: nil))
        #expect(menu.press(MIDINote(38), noteRange: Self.range) == .say("just intonation", sound: MIDINote(38)))
        #expect(menu.next() == .finished(["kind": .string("scale"), "mode": .string("dorian"), "root": .string("D3"), "tuning": .string("just_intonation")]))
    }

    @Test("black keys and keys past the last choice are explained, and change nothing")
    func wrongKeys() {
        var menu = KeyboardMenu(current: ["kind": .string("interval")], pages: Self.pages)
        #expect(menu.press(MIDINote(37), noteRange: Self.range) == .say("white keys choose, from C2", sound: nil))
        #expect(menu.press(MIDINote(41), noteRange: Self.range) == .say("3 choices, from C2", sound: nil), "F2 is the fourth white key")
        #expect(menu.chosen == ["kind": .string("interval")])
        #expect(menu.cancel() == .cancelled)
    }

    @Test("white keys count from the lowest C at or above the range's bottom", arguments: [
        (36, 36, 0), (36, 38, 1), (36, 47, 6), (36, 48, 7), (36, 60, 14), (36, 72, 21), (36, 37, nil), (40, 48, 0), (40, 45, nil), (40, 46, nil),
    ] as [(Int, Int, Int?)])
    func whiteKeys(bottom: Int, key: Int, index: Int?) {
        #expect(KeyboardMenu.whiteKeyIndex(MIDINote(key), from: MIDINote(bottom)) == index)
    }
}
