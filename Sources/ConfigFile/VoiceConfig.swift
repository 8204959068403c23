import Training

/// The `[voice]` section: what speaks prompts, menu items and results (eSpeak NG, in process,
/// mixed into the sound between notes).
public struct VoiceConfig: Sendable {
    /// When it speaks.
    public var speak: VoiceMode
    /// eSpeak NG's language: `en`, `de`, `fr`, … (`espeak-ng --voices` lists them).
    public var language: String
    /// A variant of the language's voice (`f3`, `m2`, …), or empty for the plain one.
    public var voice: String
    /// Words per minute.
    public var rate: Int
    /// Loudness against the notes, 0…1.
    public var volume: Double
    /// How a judged answer is told.
    public var cues: AnswerCues
    /// Where eSpeak NG's data are; nil: `ESPEAK_DATA_PATH`, then Debian's place.
    public var dataPath: String?

    public init(
        speak: VoiceMode = .auto, language: String = "en", voice: String = "", rate: Int = 160, volume: Double = 0.7,
        cues: AnswerCues = .words, dataPath: String? = nil
    ) {
        self.speak = speak
        self.language = language
        self.voice = voice
        self.rate = rate
        self.volume = volume
        self.cues = cues
        self.dataPath = dataPath
    }

    /// eSpeak NG's name for the voice: the language, with `+variant` when one is chosen.
    public var voiceName: String { voice.isEmpty ? language : "\(language)+\(voice)" }

    /// Accepted rates, words per minute.
    public static let rateRange = 80...450
    /// Accepted volumes.
    public static let volumeRange = 0.0...1.0
}

extension VoiceConfig: Hashable, Codable {}
