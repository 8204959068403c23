/// How the voice speaks: which eSpeak NG voice, how fast and how loud.
public struct VoiceSettings: Sendable, Hashable {
    /// An eSpeak NG voice name: a language (`en`, `de`, `fr`), optionally with a variant
    /// (`en+f3`). `espeak-ng --voices` lists them.
    public var voice: String
    /// Words per minute, 80…450.
    public var rate: Int
    /// Loudness against the notes, 0 (silent) … 1 (as loud as a prompt note at full velocity).
    public var volume: Double

    public static let rates = 80...450

    public init(voice: String = "en", rate: Int = 160, volume: Double = 0.7) {
        precondition(Self.rates.contains(rate), "rate is \(Self.rates)")
        precondition((0...1).contains(volume), "volume is 0...1")
        self.voice = voice
        self.rate = rate
        self.volume = volume
    }
}
