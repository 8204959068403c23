import ClientViews
import ControlProtocol
import Testing
@testable import WebView

/// The tuner under the live panel: what the listening input hears (`listen` events), drawn as a
/// needle over the in-tune band, in a session and out of one.
@Suite struct TunerFigureTests {
    static func event(note: String?, cents: Double?, inTune: Bool?, seq: Int = 3) -> EventReport {
        let reading = ListenReading(levelDB: -18, hertz: note == nil ? nil : 220.9, note: note, cents: cents, inTune: inTune,
                                    toleranceCents: 15, tuning: "equal", tonic: nil)
        return EventReport(seq: seq, type: "listen", topic: .listen, sessionSeconds: 12, text: "listen", details: Wire.value(reading))
    }

    @Test("a reading in tune is green, its needle at its cents inside the band; out of tune red; no pitch, no needle")
    func figure() {
        var fold = LiveFold()
        _ = fold.message(after: .status(Fixtures.idleStatus()))
        let inTune = fold.message(after: .event(Self.event(note: "A3", cents: 4.2, inTune: true))).html
        #expect(inTune.contains(#"<figure class="tuner" id="tuner""#), "\(inTune)")
        #expect(inTune.contains(#"<p class="reading right"><strong>A3</strong> <span>+4.2 c</span> in tune</p>"#), "\(inTune)")
        #expect(inTune.contains(#"<rect class="band" x="-15" y="0" width="30" height="12"/>"#), "\(inTune)")
        #expect(inTune.contains(#"<line class="needle right" x1="4.2""#) && inTune.contains("level -18 dB"), "\(inTune)")
        #expect(inTune.contains("No session running"), "the idle panel above it: \(inTune)")
        let far = fold.message(after: .event(Self.event(note: "A3", cents: -72, inTune: false))).html
        #expect(far.contains(#"<p class="reading wrong"><strong>A3</strong> <span>-72.0 c</span> flat</p>"#), "\(far)")
        #expect(far.contains(#"<line class="needle wrong" x1="-50.0""#), "beyond the scale, at its end: \(far)")
        let none = fold.message(after: .event(Self.event(note: nil, cents: nil, inTune: nil))).html
        #expect(none.contains(#"<p class="reading">no pitch</p>"#) && !none.contains("needle"), "\(none)")
    }

    @Test("the reading stays on the panel when the page's status comes again and when a session starts")
    func kept() {
        var fold = LiveFold()
        _ = fold.message(after: .event(Self.event(note: "E3", cents: -3, inTune: true)))
        let again = fold.message(after: .status(Fixtures.scaleStatus()))
        #expect(again.running && again.html.contains("<strong>E3</strong>") && again.html.contains("D3 dorian scale"), "\(again.html)")
        #expect(again.say == nil)
    }
}
