import ArgumentParser
import ClientViews
import MusicTheory
import Training

/// `eartrainctl keys [--svg]`: the key chart for the music stand (the standard controls).
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Show the keyboard's controls: the gestures, the keys below the range, the keyboard menu (--svg: a chart to print).")

    @Flag(help: "Write the chart as SVG.") var svg = false
    @Option(help: "The lowest note of the range (training.lowest_note), e.g. C2.") var lowest: String = "C2"

    func run() throws {
        let low: MIDINote
        do { low = try MIDINote(parsing: lowest) } catch { throw ValidationError("\(error)") }
        let range = low...MIDINote(min(127, low.rawValue + 36))
        if svg {
            print(KeyChart.svg(.standard, noteRange: range), terminator: "")
            return
        }
        for gesture in KeyChart.gestures(.standard) { print(gesture) }
        for label in KeyChart.labels(.standard, noteRange: range) {
            let meaning = Int(label.text).map { "menu choice \($0)" } ?? label.text
            print("\(label.note.spelled.description.padding(toLength: 5, withPad: " ", startingAt: 0)) \(meaning)")
        }
    }
}
