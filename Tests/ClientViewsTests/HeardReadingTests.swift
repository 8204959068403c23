import ClientViews
import ControlProtocol
import Foundation
import MusicTheory
import Testing

/// The `listen` topic's readings in `eartrainctl watch`: folded into the state, drawn as the tuner
/// line `eartrainctl listen` prints, on the screen's last line above the footer.
@Suite struct HeardReadingTests {
    static func reading(_ note: String?, cents: Double?, inTune: Bool?, level: Double? = -18.4) -> ListenReading {
        ListenReading(levelDB: level, hertz: note == nil ? nil : 227.8, note: note, cents: cents, inTune: inTune,
                      toleranceCents: 15, tuning: "just", tonic: "F")
    }

    static func event(_ reading: ListenReading, seq: Int = 4) -> EventReport {
        EventReport(seq: seq, type: "listen", topic: .listen, sessionSeconds: 0, text: "listen", details: Wire.value(reading))
    }

    @Test("a reading's line is the tuner's line of the same note, cents and level")
    func sameLine() throws {
        let tuned = try #require(TunerReading(hertz: TunerTests.hertz(57, cents: 10), tuning: .equalTemperament, key: TunerTests.c, reference: .standard))
        let daemons = Self.reading("A3", cents: 10, inTune: true)
        #expect(TunerLine.text(daemons) == TunerLine.text(tuned, levelDB: -18.4, tolerance: 15))
        #expect(TunerLine.text(Self.reading(nil, cents: nil, inTune: nil, level: -61)) == TunerLine.text(nil, levelDB: -61, tolerance: 15))
    }

    @Test("watch shows the reading above the footer, in a session and out of one, and keeps it when a session starts")
    func onTheScreen() throws {
        var state = WatchState()
        let screen = WatchScreen(colour: false)
        #expect(!screen.lines(state, elapsed: 0).contains { $0.hasPrefix("♪") }, "no listening input: no line")
        state.apply(Self.event(Self.reading("A3", cents: 20.7, inTune: false)))
        var lines = screen.lines(state, elapsed: 0)
        #expect(lines.count == 24 && lines[22].hasPrefix("♪ A3    +20.7 c  sharp ") && lines[22].hasSuffix("-18 dB") && lines[23] == "q quit", "\(lines)")
        #expect(lines[22].count <= 80)
        state.apply(EventReport(seq: 5, type: "session_started", topic: .session, sessionSeconds: 0, text: "session started",
                                details: Wire.value(SessionStartedDetails(exercise: "C ionian scale", seed: 1))))
        #expect(state.running && state.heard?.note == "A3")
        state.apply(Self.event(Self.reading(nil, cents: nil, inTune: nil, level: -61), seq: 5))
        lines = screen.lines(state, elapsed: 3)
        #expect(lines[22].hasPrefix("♪ -     no pitch") && lines[22].hasSuffix("-61 dB"), "\(lines)")
        #expect(lines[0].contains("C ionian scale"), "the session's screen above it: \(lines)")
    }
}
