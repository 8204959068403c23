/// A frequency in hertz.
public struct Frequency: Sendable, Hashable, Codable, Comparable {
    public let hertz: Double

    public init(hertz: Double) {
        self.hertz = hertz
    }

    /// The equal-tempered frequency of a (possibly fractional) MIDI number: 69 is the reference.
    public init(midiNumber: Double, reference: ReferencePitch = .standard) {
        hertz = reference.hertz * exp2((midiNumber - 69) / 12)
    }

    /// The equal-tempered frequency of a MIDI note.
    public init(_ note: MIDINote, reference: ReferencePitch = .standard) {
        self.init(midiNumber: Double(note.rawValue), reference: reference)
    }

    /// This frequency moved by `cents` (100 cents = one equal-tempered semitone).
    public func shifted(byCents cents: Double) -> Frequency {
        Frequency(hertz: hertz * exp2(cents / 1200))
    }

    /// The distance in cents from `other` up to this frequency (negative when lower).
    public func cents(above other: Frequency) -> Double {
        1200 * log2(hertz / other.hertz)
    }

    /// The nearest MIDI note and the remainder in cents, −50 ≤ cents < 50.
    /// Throws when the nearest note lies outside 0…127 or the frequency is not positive.
    public func nearestNote(reference: ReferencePitch = .standard) throws(TheoryError) -> (note: MIDINote, cents: Double) {
        guard hertz > 0, hertz.isFinite else { throw .frequencyOutOfRange(hertz: hertz) }
        let exact = 69 + 12 * log2(hertz / reference.hertz)
        let nearest = exact.rounded(.toNearestOrAwayFromZero)  // x.5 goes up: cents stay in −50..<50
        guard let note = try? MIDINote(validating: Int(exactly: nearest) ?? -1) else {
            throw .frequencyOutOfRange(hertz: hertz)
        }
        return (note, (exact - nearest) * 100)
    }

    public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.hertz < rhs.hertz }
}

extension Frequency: CustomStringConvertible {
    public var description: String { "\(hertz) Hz" }
}
