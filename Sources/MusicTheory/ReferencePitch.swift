/// The frequency of A4 (MIDI 69), from which every other pitch is computed.
public struct ReferencePitch: Sendable {
    /// What a person may choose: from well below Baroque pitch to well above modern orchestras.
    public static let acceptedHertz: ClosedRange<Double> = 380...500
    public static let standard = ReferencePitch(440)

    public let hertz: Double

    /// A reference the program itself chose; out of range is a programmer error.
    public init(_ hertz: Double) {
        precondition(Self.acceptedHertz.contains(hertz), "reference pitch must be 380...500 Hz")
        self.hertz = hertz
    }

    /// A reference from outside input; out of range (or not a number) throws.
    public init(validating hertz: Double) throws(TheoryError) {
        guard Self.acceptedHertz.contains(hertz) else { throw .referencePitchOutOfRange(hertz: hertz) }
        self.hertz = hertz
    }
}

extension ReferencePitch: Hashable {}

extension ReferencePitch: CustomStringConvertible {
    public var description: String { "A4 = \(hertz) Hz" }
}
