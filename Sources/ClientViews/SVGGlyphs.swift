/// The bass (F) clef drawn as a path, in units of the staff's line gap with the origin at the
/// clef's head on the F line: it curls up to the top line and sweeps down towards the bottom line;
/// its two dots sit in the spaces either side of the F line.
enum BassClefGlyph {
    static let path = "M 0.02,-0.05 C 0.02,-0.75 0.62,-1.12 1.18,-1.1 C 2.02,-1.06 2.48,-0.5 2.42,0.25 "
        + "C 2.34,1.35 1.3,2.35 -0.18,2.95 L -0.24,2.78 C 0.9,2.18 1.62,1.3 1.68,0.3 "
        + "C 1.74,-0.5 1.5,-0.94 1.05,-0.96 C 0.62,-0.98 0.36,-0.72 0.32,-0.42 Z"

    static func svg(x: Double, y: Double, gap: Double) -> String {
        """
        <g class="clef" data-clef="bass" transform="translate(\(n(x)) \(n(y))) scale(\(n(gap)))" fill="#000000">
          <circle cx="0.3" cy="-0.02" r="0.34"/>
          <path d="\(path)"/>
          <circle class="clef-dot" cx="2.95" cy="-0.5" r="0.16"/>
          <circle class="clef-dot" cx="2.95" cy="0.5" r="0.16"/>
        </g>
        """
    }
}

/// The treble (G) clef drawn as one stroke, in units of the staff's line gap with the origin on
/// the G line: its curl circles the G line, its loop rises a line gap over the staff, its tail
/// ends in a ball below it.
enum TrebleClefGlyph {
    static let path = "M 0.55,0.95 C -0.35,0.95 -0.55,-0.15 0.15,-0.45 C 0.95,-0.75 1.35,0.35 0.65,0.85 "
        + "C -0.45,1.5 -1.15,0.2 -0.55,-0.75 C -0.1,-1.45 0.75,-2.2 0.85,-3.2 C 0.9,-4.0 0.45,-4.35 0.15,-3.7 "
        + "C -0.25,-2.8 0.1,-1.0 0.35,0.6 L 0.6,2.35 C 0.7,2.95 0.1,3.15 -0.2,2.8"

    static func svg(x: Double, y: Double, gap: Double) -> String {
        """
        <g class="clef" data-clef="treble" transform="translate(\(n(x)) \(n(y))) scale(\(n(gap)))">
          <path d="\(path)" fill="none" stroke="#000000" stroke-width="0.2" stroke-linecap="round"/>
          <circle cx="-0.05" cy="2.7" r="0.3" fill="#000000"/>
        </g>
        """
    }
}

/// Flats and sharps drawn as strokes, in units of the line gap, centred on the note's line/space.
enum AccidentalGlyph {
    static func svg(_ sign: String, x: Double, y: Double, gap: Double, colour: String) -> String {
        let shape: String
        switch sign {
        case "b": shape = flat(at: 0)
        case "bb": shape = flat(at: -0.45) + flat(at: 0.35)
        case "#": shape = sharp
        case "##": shape = ##"<path d="M -0.4,-0.4 L 0.4,0.4 M -0.4,0.4 L 0.4,-0.4" stroke-width="0.28" stroke-linecap="square"/>"##
        default: shape = ""
        }
        return ##"<g class="accidental" data-sign="\##(sign)" transform="translate(\##(n(x)) \##(n(y))) scale(\##(n(gap)))" stroke="\##(colour)" fill="none">\##(shape)</g>"##
    }

    private static func flat(at x: Double) -> String {
        ##"<path d="M \##(n(x)),-1.75 L \##(n(x)),0.5" stroke-width="0.13"/>"##
            + ##"<path d="M \##(n(x)),0.5 C \##(n(x + 0.8)),0.05 \##(n(x + 0.85)),-0.62 \##(n(x + 0.35)),-0.6 C \##(n(x + 0.15)),-0.59 \##(n(x + 0.03)),-0.45 \##(n(x)),-0.28" stroke-width="0.17"/>"##
    }

    private static let sharp = ##"<path d="M -0.2,-1.25 L -0.2,1.05 M 0.22,-1.05 L 0.22,1.25" stroke-width="0.11"/>"##
        + ##"<path d="M -0.48,-0.2 L 0.5,-0.5 M -0.48,0.5 L 0.5,0.2" stroke-width="0.26"/>"##
}

/// Rests drawn as paths around the line (the origin), in pixels.
enum RestGlyph {
    static func svg(_ base: Int) -> String {
        switch base {
        case 48: ##"<rect x="-6" y="0" width="12" height="5"/>"##
        case 24: ##"<rect x="-6" y="-5" width="12" height="5"/>"##
        case 12: ##"<path d="M -2,-13 L 3,-7 L -1,-2 L 3,4 C -2,2 -3,6 1,9" fill="none" stroke-width="2.2"/>"##
        default:
            (0..<(base == 6 ? 1 : 2)).map { i in
                let dy = Double(i) * 7
                return ##"<circle cx="\##(n(-2 + Double(i) * -1.5))" cy="\##(n(-6 + dy))" r="2.2" stroke="none"/><path d="M \##(n(-2 + Double(i) * -1.5)),\##(n(-4 + dy)) Q 2,\##(n(-4 + dy)) 4,\##(n(-8 + dy))" fill="none" stroke-width="1.4"/>"##
            }.joined() + ##"<path d="M 4,-8 L -1,10" fill="none" stroke-width="1.6"/>"##
        }
    }
}
