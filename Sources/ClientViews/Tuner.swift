import Foundation
import MusicTheory

/// A tuner's reading of a pitch: the note of a tuning nearest to it, and how far from that note it
/// is in cents (sharp positive). In just intonation and Pythagorean the notes lie the system's
/// intervals above the key's tonic, as the daemon tunes a session's notes; in equal temperament
/// every note is tempered from A4.
public struct TunerReading: Sendable, Hashable {
    /// The nearest note of the tuning.
    public let note: MIDINote
    /// The pitch's distance from it, in cents: positive sharp.
    public let cents: Double

    /// The reading of `hertz` against `tuning` from `key`'s tonic, A4 at `reference`; nil for a
    /// pitch no key has (beyond MIDI's 0…127).
    public init?(hertz: Double, tuning: TuningSystem, key: PitchClass, reference: ReferencePitch) {
        let heard = Frequency(hertz: hertz)
        guard hertz > 0, let equal = try? heard.nearestNote(reference: reference) else { return nil }
        // The tonic of the key in any octave: the tuning counts its intervals from there, both ways.
        let tonic = MIDINote(60 + key.rawValue)
        let candidates = [equal.note.rawValue - 1, equal.note.rawValue, equal.note.rawValue + 1].filter { (0...127).contains($0) }.map { MIDINote($0) }
        let readings = candidates.map { note in (note, heard.cents(above: tuning.frequency(of: note, root: tonic, reference: reference))) }
        guard let nearest = readings.min(by: { abs($0.1) < abs($1.1) }) else { return nil }
        (note, cents) = nearest
    }

    /// Within `tolerance` cents either way.
    public func inTune(within tolerance: Double) -> Bool { abs(cents) <= tolerance }
}

/// The tuner's line: the note, its cents, a needle over −50…+50 c with the in-tune band marked,
/// and the level. `A3  +4.2 c  in tune     ·········-----|--●--·········  -18 dB`.
public enum TunerLine {
    /// Cells of the needle's scale either side of its centre: 2.5 c a cell.
    static let halfWidth = 20

    public static func text(_ reading: TunerReading?, levelDB: Double?, tolerance: Double) -> String {
        let level = levelDB.map { String(format: "%4.0f dB", $0) } ?? "   - dB"
        guard let reading else { return "-     no pitch         " + scale(needle: nil, tolerance: tolerance) + "  " + level }
        let name = reading.note.spelled.description.padding(toLength: 4, withPad: " ", startingAt: 0)
        let cents = String(format: "%+6.1f c", reading.cents)
        let words = (reading.inTune(within: tolerance) ? "in tune" : reading.cents > 0 ? "sharp" : "flat").padding(toLength: 8, withPad: " ", startingAt: 0)
        return "\(name) \(cents)  \(words) " + scale(needle: reading.cents, tolerance: tolerance) + "  " + level
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
