import Foundation

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
