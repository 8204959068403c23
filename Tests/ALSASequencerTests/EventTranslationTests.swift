import MusicTheory
import Testing
@testable import ALSASequencer

@Suite("Sequencer events become MIDI messages")
struct EventTranslationTests {
    static let keyboard = PortAddress(client: 20, port: 0)

    static func note(_ kind: SequencerEvent.Kind, channel: Int, note: Int, velocity: Int) -> SequencerEvent {
        SequencerEvent(kind: kind, source: keyboard, channel: channel, note: note, velocity: velocity)
    }

    static func control(channel: Int, controller: Int, value: Int) -> SequencerEvent {
        SequencerEvent(kind: .controller, source: keyboard, channel: channel, controller: controller, value: value)
    }

    @Test("notes and pedals keep their channel, note, velocity and value", arguments: [
        (note(.noteOn, channel: 0, note: 60, velocity: 100),
         Translation.message(.noteOn(channel: MIDIChannel(0), note: MIDINote(60), velocity: 100))),
        (note(.noteOn, channel: 15, note: 127, velocity: 1),
         .message(.noteOn(channel: MIDIChannel(15), note: MIDINote(127), velocity: 1))),
        (note(.noteOff, channel: 3, note: 0, velocity: 64),
         .message(.noteOff(channel: MIDIChannel(3), note: MIDINote(0), velocity: 64))),
        (control(channel: 0, controller: 64, value: 127),
         .message(.controlChange(channel: MIDIChannel(0), controller: 64, value: 127))),
        (control(channel: 9, controller: 67, value: 0),
         .message(.controlChange(channel: MIDIChannel(9), controller: 67, value: 0))),
    ])
    func translates(event: SequencerEvent, expected: Translation) {
        #expect(event.translation == expected)
    }

    @Test("the pitch-bend wheel keeps its channel and its 14 bits, centred on 0", arguments: [-8192, -1, 0, 1, 410, 8191])
    func pitchBend(value: Int) {
        let event = SequencerEvent(kind: .pitchBend, source: Self.keyboard, channel: 2, value: value)
        #expect(event.translation == .message(.pitchBend(channel: MIDIChannel(2), value: value)))
    }

    @Test("a wheel outside its 14 bits, or on no MIDI channel, is garbage and dropped", arguments: [
        (0, -8193), (0, 8192), (0, 16383), (0, Int(Int32.min)), (16, 0), (-1, 100),
    ])
    func pitchBendGarbage(channel: Int, value: Int) {
        #expect(SequencerEvent(kind: .pitchBend, source: Self.keyboard, channel: channel, value: value).translation == .ignored)
    }

    @Test("a note-on with velocity 0 is a note-off", arguments: [0, 7, 15])
    func velocityZero(channel: Int) {
        let event = Self.note(.noteOn, channel: channel, note: 72, velocity: 0)
        #expect(event.translation == .message(.noteOff(channel: MIDIChannel(channel), note: MIDINote(72), velocity: 0)))
    }

    @Test("clock, active sensing and other types are dropped", arguments: [
        SequencerEvent.Kind.clock, .activeSensing, .other(11), .other(12),
    ])
    func dropped(kind: SequencerEvent.Kind) {
        #expect(SequencerEvent(kind: kind, source: Self.keyboard).translation == .ignored)
    }

    @Test("values outside MIDI's ranges are dropped, never clamped", arguments: [
        note(.noteOn, channel: 16, note: 60, velocity: 100),
        note(.noteOn, channel: 0, note: 128, velocity: 100),
        note(.noteOn, channel: 0, note: 60, velocity: 128),
        note(.noteOff, channel: 0, note: -1, velocity: 0),
        control(channel: 0, controller: 128, value: 0),
        control(channel: 0, controller: 64, value: 200),
        control(channel: 0, controller: 64, value: -1),
    ])
    func outOfRange(event: SequencerEvent) {
        #expect(event.translation == .ignored)
    }

    @Test("announcements of clients, ports and connections ask for a rescan", arguments: [
        SequencerEvent.Kind.clientStart, .clientExit, .clientChange, .portStart, .portExit, .portChange,
        .portSubscribed, .portUnsubscribed,
    ])
    func announcements(kind: SequencerEvent.Kind) {
        #expect(SequencerEvent(kind: kind, source: PortAddress.systemAnnounce).translation == .topologyChanged)
    }

    @Test("ALSA's event type codes map to kinds", arguments: [
        (UInt8(6), SequencerEvent.Kind.noteOn), (7, .noteOff), (10, .controller), (36, .clock),
        (42, .activeSensing), (60, .clientStart), (61, .clientExit), (62, .clientChange),
        (63, .portStart), (64, .portExit), (65, .portChange), (66, .portSubscribed),
        (67, .portUnsubscribed), (13, .pitchBend), (5, .other(5)), (11, .other(11)),
    ])
    func alsaCodes(code: UInt8, kind: SequencerEvent.Kind) {
        #expect(SequencerEvent.Kind(alsaType: code) == kind)
    }
}
