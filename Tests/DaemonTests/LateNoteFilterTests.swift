import MusicTheory
import Testing
import Training

@testable import Daemon

@Suite("Late notes")
struct LateNoteFilterTests {
    let on = KeyboardEvent.Kind.noteOn(MIDINote(60), velocity: 90)
    let off = KeyboardEvent.Kind.noteOff(MIDINote(60), velocity: 0)
    let pedal = KeyboardEvent.Kind.controlChange(controller: 64, value: 127)

    @Test("notes up to the limit pass; older ones are dropped and counted")
    func limit() {
        var filter = LateNoteFilter(limit: .seconds(2))
        #expect(filter.decide(on, age: .zero) == .pass)
        #expect(filter.decide(off, age: .seconds(2)) == .pass)
        #expect(filter.decide(on, age: .milliseconds(2001)) == .dropAndReport(total: 1))
        #expect(filter.decide(off, age: .seconds(30)) == .drop)
        #expect(filter.dropped == 2)
    }

    @Test("a key whose note-on passed is released however late its note-off comes; one whose note-on was dropped is not")
    func heldKeysAreReleased() {
        var filter = LateNoteFilter(limit: .seconds(2))
        #expect(filter.decide(on, age: .zero) == .pass)
        #expect(filter.decide(off, age: .seconds(30)) == .pass)
        #expect(filter.decide(.noteOn(MIDINote(60), velocity: 90), age: .milliseconds(100)) == .pass)
        #expect(filter.decide(.noteOn(MIDINote(60), velocity: 0), age: .seconds(30)) == .pass)  // a note-on at velocity 0 is a note-off
        #expect(filter.decide(on, age: .seconds(3)) == .dropAndReport(total: 1))
        #expect(filter.decide(off, age: .seconds(3)) == .drop)
        #expect(filter.dropped == 2)
    }

    @Test("each run of late notes is reported once, with the total so far")
    func reportedOncePerRun() {
        var filter = LateNoteFilter(limit: .seconds(1))
        let ages: [Duration] = [.seconds(5), .seconds(4), .seconds(3), .zero, .seconds(9), .seconds(9)]
        let decisions = ages.map { filter.decide(on, age: $0) }
        #expect(decisions == [.dropAndReport(total: 1), .drop, .drop, .pass, .dropAndReport(total: 4), .drop])
    }

    @Test("pedals always pass, however late, so their state stays right")
    func controlChangesPass() {
        var filter = LateNoteFilter(limit: .seconds(1))
        #expect(filter.decide(pedal, age: .seconds(60)) == .pass)
        #expect(filter.dropped == 0)
    }
}
