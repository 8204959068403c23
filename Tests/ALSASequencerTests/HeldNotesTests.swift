import MusicTheory
import Testing
@testable import ALSASequencer

@Suite("Held notes are released when input is lost")
struct HeldNotesTests {
    let one = MIDIChannel(0)
    let two = MIDIChannel(1)

    @Test("notes still down are released, lowest channel and note first")
    func releasesHeld() {
        var held = HeldNotes()
        held.track(.noteOn(channel: two, note: MIDINote(50), velocity: 80))
        held.track(.noteOn(channel: one, note: MIDINote(64), velocity: 80))
        held.track(.noteOn(channel: one, note: MIDINote(60), velocity: 80))
        held.track(.noteOn(channel: one, note: MIDINote(67), velocity: 80))
        held.track(.noteOff(channel: one, note: MIDINote(67), velocity: 0))
        held.track(.controlChange(channel: one, controller: 64, value: 127))
        #expect(held.count == 3)
        #expect(held.releaseAll() == [
            .noteOff(channel: one, note: MIDINote(60), velocity: 0),
            .noteOff(channel: one, note: MIDINote(64), velocity: 0),
            .noteOff(channel: two, note: MIDINote(50), velocity: 0),
        ])
        #expect(held.count == 0)
        #expect(held.releaseAll().isEmpty)
    }

    @Test("the same key on another channel is another note")
    func channelsapart() {
        var held = HeldNotes()
        held.track(.noteOn(channel: one, note: MIDINote(60), velocity: 1))
        held.track(.noteOn(channel: two, note: MIDINote(60), velocity: 1))
        held.track(.noteOff(channel: one, note: MIDINote(60), velocity: 0))
        #expect(held.releaseAll() == [.noteOff(channel: two, note: MIDINote(60), velocity: 0)])
    }
}
