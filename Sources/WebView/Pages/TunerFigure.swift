import ControlProtocol
import Foundation

/// The tuner under the live panel (`listen` events): the note the listening input hears nearest,
/// its cents, and a needle over −50…+50 c with the in-tune band, as `eartrainctl listen` draws it
/// in text; the level below. Green in tune, red out of it.
enum TunerFigure {
    static func html(_ reading: ListenReading) -> String {
        let level = reading.levelDB.map { String(format: "level %.0f dB", $0) } ?? "level –"
        let band = min(50, reading.toleranceCents)
        var reads = #"<p class="reading">no pitch</p>"#
        var needle = ""
        var words = "no pitch"
        if let note = reading.note, let cents = reading.cents {
            let state = reading.inTune == true ? "in tune" : cents > 0 ? "sharp" : "flat"
            let shown = String(format: "%+.1f c", cents)
            reads = #"<p class="reading \#(reading.inTune == true ? "right" : "wrong")"><strong>\#(HTML.escaped(note))</strong> <span>\#(shown)</span> \#(state)</p>"#
            let place = String(format: "%.1f", max(-50, min(50, cents)))
            needle = #"<line class="needle \#(reading.inTune == true ? "right" : "wrong")" x1="\#(place)" y1="0" x2="\#(place)" y2="12" vector-effect="non-scaling-stroke"/>"#
            words = "\(note) \(shown), \(state)"
        }
        let title = "\(words); in tune within \(String(format: "%g", reading.toleranceCents)) cents"
        // Stretched to the page's width; the lines keep their own width (non-scaling strokes).
        let svg = #"<svg viewBox="-50 0 100 12" preserveAspectRatio="none" role="img" aria-label="\#(HTML.escaped(title))">"#
            + #"<rect class="scale" x="-50" y="0" width="100" height="12"/>"#
            + #"<rect class="band" x="\#(String(format: "%g", -band))" y="0" width="\#(String(format: "%g", 2 * band))" height="12"/>"#
            + #"<line class="centre" x1="0" y1="0" x2="0" y2="12" vector-effect="non-scaling-stroke"/>\#(needle)</svg>"#
        return #"<figure class="tuner" id="tuner" aria-label="what the listening input hears">\#(reads)\#(svg)<figcaption>\#(level)</figcaption></figure>"#
    }
}
