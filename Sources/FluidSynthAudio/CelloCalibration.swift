/// How far each key of a SoundFont preset sounds from equal temperament (A4 = 440 Hz) with the
/// pitch wheel centred, measured over the configured note duration, attack included: the samples
/// of FluidR3_GM's cello are out of tune and drift within a note, so this is what a bend corrects.
public struct CelloCalibration: Sendable, Hashable, Codable {
    /// What the table depends on; any change means measuring again.
    public struct Identity: Sendable, Hashable, Codable {
        public let soundFontDigest: String
        public let preset: Preset
        public let noteDurationMilliseconds: Int
        public let sampleRate: Double
        public let velocity: Int
    }

    public let identity: Identity
    /// Cents each key sounds above its equal-tempered pitch, by MIDI key number.
    public let offsets: [Int: Double]

    public init(identity: Identity, offsets: [Int: Double]) {
        self.identity = identity
        self.offsets = offsets
    }

    /// The measured offset of `key`, or 0 for a key the table does not cover.
    public func offset(ofKey key: Int) -> Double {
        offsets[key] ?? 0
    }
}
