/// Where each key of a SoundFont preset really sounds at each whole-cent bend FluidSynth can
/// play, measured over the configured note duration, attack included.
///
/// FluidR3_GM's cello samples are out of tune by themselves (−5.3 … +7.0 c with the wheel centred)
/// and their pitch moves within a note. A bend plays the sample faster or slower, which stretches
/// that movement in time, so a key's error also depends on the bend: by up to 0.31 c over the bends
/// the pitch tests use (key 63). A single offset per key would leave that; the table instead holds
/// exactly the (key, bend) pairs that were measured, and the tuner measures a missing pair the
/// first time a note needs it (about 10 per key for every tuning and reference).
///
/// The same render of a key with the wheel centred also gives its loudness, which a sine on that
/// key is matched to (`SineLevel`).
public struct CelloCalibration: Sendable, Hashable, Codable {
    /// What the table depends on; any change means measuring again.
    public struct Identity: Sendable, Hashable, Codable {
        public let soundFontDigest: String
        public let preset: Preset
        public let noteDurationMilliseconds: Int
        public let sampleRate: Double
        public let velocity: Int
        /// How the pitches were measured; a table measured another way is measured again
        /// (2: `PitchEstimator` anchored on the nearest semitone, then on its own first answer).
        public var method: Int = Self.currentMethod

        public static let currentMethod = 2
    }

    public let identity: Identity
    /// Per MIDI key, per whole-cent bend: the cents the key sounds above its equal-tempered pitch
    /// (A4 = 440 Hz), bend included.
    public private(set) var sounding: [Int: [Int: Double]]
    /// Per MIDI key: its integrated loudness in LUFS (ITU-R BS.1770) with the wheel centred, at the
    /// identity's velocity, over the note duration. Tables stored before it was measured have none,
    /// and the tuner measures it the first time it is wanted.
    public private(set) var loudness: [Int: Double]

    public init(identity: Identity, sounding: [Int: [Int: Double]] = [:], loudness: [Int: Double] = [:]) {
        self.identity = identity
        self.sounding = sounding
        self.loudness = loudness
    }

    /// A table as stored, with or without loudness.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identity = try container.decode(Identity.self, forKey: .identity)
        sounding = try container.decode([Int: [Int: Double]].self, forKey: .sounding)
        loudness = try container.decodeIfPresent([Int: Double].self, forKey: .loudness) ?? [:]
    }

    /// The measured pitch of `key` bent by `bend` whole cents, if it was measured.
    public func sounding(key: Int, bend: Int) -> Double? {
        sounding[key]?[bend]
    }

    mutating func record(key: Int, bend: Int, cents: Double) {
        sounding[key, default: [:]][bend] = cents
    }

    mutating func record(key: Int, loudness measured: Double) {
        loudness[key] = measured
    }

    /// How many (key, bend) pairs are measured.
    public var count: Int { sounding.values.map(\.count).reduce(0, +) }

    /// How far the sample of `key` is out of tune with the wheel centred, if measured.
    public func centredOffset(ofKey key: Int) -> Double? {
        sounding(key: key, bend: 0)
    }
}
