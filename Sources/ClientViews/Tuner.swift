import ControlProtocol
import Foundation
import MusicTheory

/// The tuner's line: the note, its cents, a needle over −50…+50 c with the in-tune band marked,
/// and the level. `A3  +4.2 c  in tune     ·········-----|--●--·········  -18 dB`.
public enum TunerLine {
    /// Cells of the needle's scale either side of its centre: 2.5 c a cell.
    static let halfWidth = 20

    public static func text(_ reading: TunerReading?, levelDB: Double?, tolerance: Double) -> String {
        text(note: reading?.note.spelled.description, cents: reading?.cents, inTune: reading?.inTune(within: tolerance),
             levelDB: levelDB, tolerance: tolerance)
    }

    /// The line of a `listen` event's reading, as the daemon read it.
    public static func text(_ reading: ListenReading) -> String {
        text(note: reading.note, cents: reading.cents, inTune: reading.inTune, levelDB: reading.levelDB, tolerance: reading.toleranceCents)
    }

    static func text(note: String?, cents: Double?, inTune: Bool?, levelDB: Double?, tolerance: Double) -> String {
        let level = levelDB.map { String(format: "%4.0f dB", $0) } ?? "   - dB"
        guard let note, let cents else { return "-     no pitch         " + scale(needle: nil, tolerance: tolerance) + "  " + level }
        let name = note.padding(toLength: 4, withPad: " ", startingAt: 0)
        let words = (inTune == true ? "in tune" : cents > 0 ? "sharp" : "flat").padding(toLength: 8, withPad: " ", startingAt: 0)
        return "\(name) " + String(format: "%+6.1f c", cents) + "  \(words) " + scale(needle: cents, tolerance: tolerance) + "  " + level
    }

    /// `·····-----|--●--·····`: the band within `tolerance` as `-`, the centre `|`, the needle `●`
    /// (at the end of the scale when it is beyond ±50 c).
    static func scale(needle cents: Double?, tolerance: Double) -> String {
        let perCell = 50.0 / Double(halfWidth)
        let band = Int((tolerance / perCell).rounded(.down))
        var cells = (-halfWidth...halfWidth).map { abs($0) <= band ? "-" : "·" }
        cells[halfWidth] = "|"
        if let cents {
            let place = max(-halfWidth, min(halfWidth, Int((cents / perCell).rounded())))
            cells[halfWidth + place] = "●"
        }
        return cells.joined()
    }
}
