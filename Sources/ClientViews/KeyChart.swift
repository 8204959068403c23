import MusicTheory
import Training

/// The key chart a student puts on the music stand: the gestures any keyboard can make (the
/// modulation wheel, clusters), the keys just below the note range and what each does, and which
/// white keys choose in the keyboard menu. Drawn from the controls
/// themselves (`KeyboardControls`), so the chart cannot drift from what the keys do.
public enum KeyChart {
    /// One key's label on the chart.
    public struct Label: Sendable, Hashable {
        public let note: MIDINote
        public let text: String
    }

    /// What each control key and menu key does, lowest key first.
    public static func labels(_ controls: KeyboardControls, noteRange: ClosedRange<MIDINote>) -> [Label] {
        var labels: [Label] = []
        for binding in controls.bindings {
            let note: MIDINote? = switch binding.trigger {
            case .key(let note): note
            case .keyBelowRange(let semitones): noteRange.lowerBound.rawValue - semitones >= 0 ? MIDINote(noteRange.lowerBound.rawValue - semitones) : nil
            case .controller, .cluster, .wheel: nil
            }
            if let note { labels.append(Label(note: note, text: binding.action.word)) }
        }
        let firstC = KeyboardMenu.firstChoiceKey
        let whites = [0, 2, 4, 5, 7, 9, 11]
        for (index, offset) in whites.enumerated() {
            labels.append(Label(note: MIDINote(firstC.rawValue + offset), text: "\(index + 1)"))
        }
        return labels.sorted { $0.note.rawValue < $1.note.rawValue }
    }

    /// What each gesture does, in words: the controllers and clusters bound, in binding order.
    public static func gestures(_ controls: KeyboardControls) -> [String] {
        controls.bindings.compactMap { binding in
            let gesture: String? = switch binding.trigger {
            case .controller(KeyboardControls.modulationWheel): "the modulation wheel pushed up"
            case .controller(let number): "controller \(number) pushed past half way"
            case .cluster(side: .high): "three neighbouring keys together, from middle C up"
            case .cluster(side: .low): "three neighbouring keys together, below middle C"
            case .wheel(direction: .down): "the pitch-bend wheel pushed all the way down"
            case .wheel(direction: .up): "the pitch-bend wheel pushed all the way up"
            case .key, .keyBelowRange: nil
            }
            return gesture.map { "\($0): \(meaning(binding.action))" }
        }
    }

    /// An action as the chart explains it.
    static func meaning(_ action: ControlAction) -> String {
        action == .menu ? "menu (a running session stops first, with its results)" : action.phrase
    }

    /// The chart as SVG: the white keys from the lowest labelled one up to the last menu choice key,
    /// each label under its key, the gestures, and how the menu is used.
    public static func svg(_ controls: KeyboardControls, noteRange: ClosedRange<MIDINote>) -> String {
        let labels = labels(controls, noteRange: noteRange)
        guard let low = labels.first?.note.rawValue, let high = labels.last?.note.rawValue else { return "" }
        let whites = (low...high).filter { [0, 2, 4, 5, 7, 9, 11].contains($0 % 12) }
        let keyWidth = 52, keyHeight = 170, margin = 12
        let width = whites.count * keyWidth + 2 * margin
        var body: [String] = []
        for (index, key) in whites.enumerated() {
            let x = margin + index * keyWidth
            body.append(#"<rect x="\#(x)" y="40" width="\#(keyWidth)" height="\#(keyHeight)" fill="white" stroke="black" stroke-width="1.5"/>"#)
            let name = MIDINote(key).spelled.description
            body.append(#"<text x="\#(x + keyWidth / 2)" y="\#(40 + keyHeight - 10)" font-size="13" text-anchor="middle" fill="dimgray">\#(name)</text>"#)
            if let label = labels.first(where: { $0.note.rawValue == key }) {
                let menuChoice = Int(label.text) != nil
                // A long word ("cadence") fits its key in a smaller size.
                let size = menuChoice ? 18 : label.text.count > 6 ? 11 : 13
                body.append(#"<text x="\#(x + keyWidth / 2)" y="\#(40 + keyHeight + 24)" font-size="\#(size)" font-weight="bold" text-anchor="middle" fill="\#(menuChoice ? "royalblue" : "black")">\#(label.text)</text>"#)
            }
        }
        for (index, key) in whites.enumerated() where [0, 2, 5, 7, 9].contains(key % 12) && key + 1 <= high {
            let x = margin + (index + 1) * keyWidth - 13
            body.append(#"<rect x="\#(x)" y="40" width="26" height="105" fill="black"/>"#)
        }
        let lines = gestures(controls) + [
            "Menu: the menu control opens it and goes to the next page; white keys 1, 2, 3 … choose;",
            "on the root page, play the root; on the keys page, your lowest key, then your highest;",
            "stop leaves it; repeat says the page again. Any key begins the ready exercise.",
        ]
        let height = 40 + keyHeight + 50 + 18 * lines.count
        let captions = lines.enumerated().map { index, line in
            #"<text x="\#(margin)" y="\#(40 + keyHeight + 56 + 18 * index)" font-size="12">\#(line)</text>"#
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="sans-serif">
            <text x="\(margin)" y="26" font-size="18" font-weight="bold">eartrainer: the keyboard's controls</text>
            \(body.joined(separator: "\n"))
            \(captions.joined(separator: "\n"))
            </svg>

            """
    }
}
