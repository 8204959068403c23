import MusicTheory
import Testing
@testable import Training

/// The gestures a keyboard of any size can make: clusters of neighbouring keys and the modulation
/// wheel are controls; a key waits at most the cluster window to be judged, and keeps its time.
@Suite("Reading gestures from the keys")
struct GestureReaderTests {
    static let range = MIDINote(36)...MIDINote(72)
    static func on(_ note: Int, _ ms: Int) -> KeyboardEvent { .noteOn(MIDINote(note), at: .milliseconds(ms)) }
    static func off(_ note: Int, _ ms: Int) -> KeyboardEvent { .noteOff(MIDINote(note), at: .milliseconds(ms)) }

    @Test("a cluster from middle C up repeats, below it skips; its keys and their releases are no answers",
          arguments: [([60, 61, 62], ControlAction.repeatPrompt), ([64, 65, 67], .repeatPrompt), ([48, 50, 52], .skip),
                      ([59, 60, 61], .skip), ([50, 49, 51, 52, 53], .skip)])
    func cluster(keys: [Int], action: ControlAction) {
        var reader = GestureReader()
        var out: [GestureReader.Output] = []
        for (index, key) in keys.enumerated() { out += reader.take(Self.on(key, index * 15), controls: .standard, noteRange: Self.range) }
        #expect(out.filter { if case .control = $0 { true } else { false } }.count == 1)
        #expect(out.contains(.control(action, at: .milliseconds((KeyCluster.fewestKeys - 1) * 15))))
        #expect(!out.contains { if case .event = $0 { true } else { false } }, "no key of a cluster is an answer")
        for key in keys { #expect(reader.take(Self.off(key, 200), controls: .standard, noteRange: Self.range).isEmpty) }
        #expect(reader.deadline == nil)
    }

    @Test("no chord an exercise asks for is a cluster, in close position or spread", arguments: ChordQuality.allCases)
    func chordsAreNoClusters(quality: ChordQuality) throws {
        let root = try SpelledNote(parsing: "C4")
        let notes = try Chord(root: root.name, quality: quality).notes(from: root).map { MIDINote($0.midiNumber) }
        #expect(KeyCluster.side(of: notes) == nil, "\(quality) in close position")
        for inversion in 1..<notes.count {
            let inverted = notes[inversion...] + notes[..<inversion].map { MIDINote($0.rawValue + 12) }
            #expect(KeyCluster.side(of: Array(inverted)) == nil, "\(quality), inversion \(inversion)")
        }
    }

    @Test("keys too far apart, two keys, or a third key after the window are answers, each with its own time")
    func notClusters() {
        for keys in [[48, 52, 55], [60, 62], [60, 64, 67, 70]] {
            var reader = GestureReader()
            var out: [GestureReader.Output] = []
            for (index, key) in keys.enumerated() { out += reader.take(Self.on(key, index * 10), controls: .standard, noteRange: Self.range) }
            #expect(reader.deadline == .milliseconds(60))
            out += reader.flush()
            #expect(out == keys.enumerated().map { .event(Self.on($0.element, $0.offset * 10)) })
        }
        var slow = GestureReader()
        var out = slow.take(Self.on(60, 0), controls: .standard, noteRange: Self.range)
        out += slow.take(Self.on(61, 30), controls: .standard, noteRange: Self.range)
        out += slow.take(Self.on(62, 90), controls: .standard, noteRange: Self.range)  // past the first key's window
        #expect(out == [.event(Self.on(60, 0)), .event(Self.on(61, 30))])
        #expect(slow.flush() == [.event(Self.on(62, 90))])
    }

    @Test("a release hands on what is held, in order; a release of another key too")
    func releaseFlushes() {
        var reader = GestureReader()
        #expect(reader.take(Self.on(60, 0), controls: .standard, noteRange: Self.range).isEmpty)
        #expect(reader.take(Self.off(60, 20), controls: .standard, noteRange: Self.range) == [.event(Self.on(60, 0)), .event(Self.off(60, 20))])
        #expect(reader.deadline == nil)
    }

    @Test("the modulation wheel pushed up is the menu once, until it comes back below half way")
    func wheel() {
        var reader = GestureReader()
        let wheel = { (value: Int, ms: Int) in KeyboardEvent.controlChange(KeyboardControls.modulationWheel, value: value, at: .milliseconds(ms)) }
        #expect(reader.take(wheel(40, 0), controls: .standard, noteRange: Self.range).isEmpty)
        #expect(reader.take(wheel(90, 10), controls: .standard, noteRange: Self.range) == [.control(.menu, at: .milliseconds(10))])
        #expect(reader.take(wheel(127, 20), controls: .standard, noteRange: Self.range).isEmpty, "held up: once")
        #expect(reader.take(wheel(10, 30), controls: .standard, noteRange: Self.range).isEmpty)
        #expect(reader.take(wheel(127, 40), controls: .standard, noteRange: Self.range) == [.control(.menu, at: .milliseconds(40))])
    }

    @Test("without clusters bound nothing waits; control keys act at once")
    func nothingWaits() {
        var reader = GestureReader()
        #expect(reader.take(Self.on(60, 0), controls: .keysBelowRange, noteRange: Self.range) == [.event(Self.on(60, 0))])
        #expect(reader.take(Self.on(35, 5), controls: .keysBelowRange, noteRange: Self.range) == [.control(.repeatPrompt, at: .milliseconds(5))])
        #expect(reader.deadline == nil)
        var standard = GestureReader()
        _ = standard.take(Self.on(60, 0), controls: .standard, noteRange: Self.range)
        #expect(standard.take(Self.on(35, 5), controls: .standard, noteRange: Self.range) == [.event(Self.on(60, 0)), .control(.repeatPrompt, at: .milliseconds(5))])
    }

    @Test("a cluster whose releases were lost (an input overrun) swallows no later key, nor its release")
    func lostReleases() {
        var reader = GestureReader()
        for (index, key) in [64, 65, 66].enumerated() { _ = reader.take(Self.on(key, index * 10), controls: .standard, noteRange: Self.range) }
        // No note-off comes. A second later F4 is played and released: an answer, both ways.
        var out = reader.take(Self.on(65, 1000), controls: .standard, noteRange: Self.range)
        out += reader.take(Self.off(65, 1200), controls: .standard, noteRange: Self.range)
        #expect(out == [.event(Self.on(65, 1000)), .event(Self.off(65, 1200))])
        var near = reader.take(Self.on(67, 1500), controls: .standard, noteRange: Self.range)
        near += reader.flush()
        #expect(near == [.event(Self.on(67, 1500))], "a key beside the old cluster, long after it, is an answer")
    }
}
