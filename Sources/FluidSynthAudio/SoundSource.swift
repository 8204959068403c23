/// What a note sounds as: the SoundFont cello through FluidSynth, or an exact sine rendered here.
public enum SoundSource: String, CaseIterable, Sendable, Hashable, Codable {
    case cello
    case sine

    /// Parses "cello" or "sine", any case.
    public init?(parsing text: String) {
        self.init(rawValue: text.lowercased())
    }
}

extension SoundSource: CustomStringConvertible {
    public var description: String { rawValue }
}
