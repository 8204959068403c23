/// A SoundFont preset by bank and program; the default is the General MIDI cello.
public struct Preset: Sendable, Hashable, Codable {
    /// General MIDI program 43 "Cello", numbered from 0 as FluidSynth counts: bank 0, program 42.
    public static let cello = Preset(bank: 0, program: 42)

    public let bank: Int
    public let program: Int

    public init(bank: Int, program: Int) {
        precondition((0...16383).contains(bank) && (0...127).contains(program), "bank 0...16383, program 0...127")
        self.bank = bank
        self.program = program
    }
}

extension Preset: CustomStringConvertible {
    public var description: String { "bank \(bank) program \(program)" }
}
