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

    /// Parses a number of hertz such as `440` or `442.5`; throws for text that is not a plain
    /// decimal number and for values outside 380…500.
    public init(parsing text: String) throws(TheoryError) {
        let isDecimal = !text.isEmpty && text.count <= 12
            && text.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "." }
            && text.filter { $0 == "." }.count <= 1 && text.first != "." && text.last != "."
        guard isDecimal, let hertz = Double(text) else { throw .invalidReferencePitch(text) }
        try self.init(validating: hertz)
    }
}

extension ReferencePitch: Hashable {}

extension ReferencePitch: CustomStringConvertible {
    public var description: String { "A4 = \(hertz) Hz" }
}
