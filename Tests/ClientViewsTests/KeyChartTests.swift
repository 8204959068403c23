import ClientViews
import Foundation
import MusicTheory
import Testing
import Training

/// The printed key chart says what the keys do: it is drawn from the controls, and the copy in
/// the docs is the one `eartrainctl keys --svg` draws.
@Suite("The key chart")
struct KeyChartTests {
    static let range = MIDINote(36)...MIDINote(72)

    @Test("each standard control key is labelled with its action, and C3 … B3 with the menu's choices")
    func labels() {
        let labels = KeyChart.labels(.standard, noteRange: Self.range).map { "\($0.note.spelled) \($0.text)" }
        #expect(labels == ["C1 notes", "D1 cadence", "E1 menu", "F1 begin", "G1 stop", "A1 skip", "B1 repeat",
                           "C3 1", "D3 2", "E3 3", "F3 4", "G3 5", "A3 6", "B3 7"])
    }

    @Test("the gestures are listed in words: the modulation wheel, the clusters on each side of middle C, the pitch-bend wheel")
    func gestures() {
        #expect(KeyChart.gestures(.standard) == [
            "three neighbouring keys together, from middle C up: repeat",
            "the pitch-bend wheel pushed all the way down: the cadence again",
            "the pitch-bend wheel pushed all the way up: the notes again",
            "three neighbouring keys together, below middle C: skip",
            "the modulation wheel pushed up: menu (a running session stops first, with its results)",
        ])
        #expect(KeyChart.gestures(.keysBelowRange).isEmpty)
        let svg = KeyChart.svg(.standard, noteRange: Self.range)
        for line in KeyChart.gestures(.standard) { #expect(svg.contains(line)) }
    }

    @Test("the chart follows the range and the bindings")
    func follows() {
        let moved = KeyChart.labels(KeyboardControls([.init(.keyBelowRange(semitones: 1), .menu)]), noteRange: MIDINote(48)...MIDINote(84))
        #expect(moved.first.map { "\($0.note.spelled) \($0.text)" } == "B2 menu")
    }

    @Test("docs/keyboard-chart.svg is the chart eartrainctl keys --svg draws")
    func docsCopy() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let copy = try String(contentsOf: root.appendingPathComponent("docs/keyboard-chart.svg"), encoding: .utf8)
        #expect(copy == KeyChart.svg(.standard, noteRange: Self.range), "run: eartrainctl keys --svg > docs/keyboard-chart.svg")
    }
}
