import Training

/// The `[audio]` section: the SoundFont synthesizer and the device it plays on.
///
/// The defaults are those of the FluidSynth adapter: General MIDI cello, the driver chosen by the
/// session (`auto`: PipeWire or PulseAudio on a desktop, ALSA elsewhere), device `default`,
/// 128 × 3 frames at 48 kHz (8 ms of buffer).
public struct AudioConfig: Sendable {
    /// The SoundFont to load; nil searches `soundfonts/` then Debian's FluidR3_GM.
    public var soundFont: String?
    /// The preset's bank, 0…16383.
    public var presetBank: Int
    /// The preset's program, 0…127 counted from 0 (General MIDI cello is 42).
    public var presetProgram: Int
    /// The audio driver; `auto` is resolved each time the device is opened.
    public var driver: AudioDriver
    /// The driver's device: for `alsa` `default`, an ALSA device (`hw:1,0`, anything with a
    /// colon) or a piece of a sound card's name (`USB Audio`); for `pulseaudio` a sink, for
    /// `jack` a server (`default` for both), for `file` a path.
    public var device: String
    /// Frames per period, 16…8192.
    public var periodSize: Int
    /// Periods in the buffer, 2…64.
    public var periods: Int
    /// Frames per second, 8000…192000.
    public var sampleRate: Int
    /// Seconds of silence after which the synthesizer stops rendering until the next note.
    public var idleAfter: Double

    /// The defaults for every value not given.
    public init(
        soundFont: String? = nil, presetBank: Int = 0, presetProgram: Int = 42, driver: AudioDriver = .auto,
        device: String = "default", periodSize: Int = 128, periods: Int = 3, sampleRate: Int = 48000,
        idleAfter: Double = 2
    ) {
        self.soundFont = soundFont
        self.presetBank = presetBank
        self.presetProgram = presetProgram
        self.driver = driver
        self.device = device
        self.periodSize = periodSize
        self.periods = periods
        self.sampleRate = sampleRate
        self.idleAfter = idleAfter
    }

    /// Accepted bank numbers.
    public static let presetBankRange = 0...16383
    /// Accepted program numbers.
    public static let presetProgramRange = 0...127
    /// Accepted period sizes.
    public static let periodSizeRange = 16...8192
    /// Accepted period counts.
    public static let periodsRange = 2...64
    /// Accepted sample rates.
    public static let sampleRateRange = 8000...192_000
    /// Accepted idle delays in seconds.
    public static let idleAfterRange = 0.1...3600.0
}

extension AudioConfig: Hashable, Codable {}
