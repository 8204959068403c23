import Foundation
import Training

/// Every audio setting the config file can give, with the defaults the daemon uses.
public struct AudioConfiguration: Sendable, Hashable {
    /// A SoundFont path to try first (then the project's `soundfonts/`, then Debian's FluidR3_GM).
    public var soundFontPath: String?
    public var projectSoundFontDirectory: String
    /// The last place looked at: Debian's FluidR3_GM.
    public var systemSoundFontPath: String = SoundFontLocator.systemPath
    public var preset: Preset
    /// How long each note sounds, in seconds; the calibration measures over exactly this.
    public var noteDuration: Double
    public var sampleRate: Double
    /// The audio driver (`auto` is resolved each time the device is opened) and its device.
    public var driver: AudioDriver
    public var device: String
    /// period size × periods / sample rate is the buffer latency: 128 × 3 / 48 kHz = 8 ms.
    public var periodSize: Int
    public var periods: Int
    /// Seconds between attempts to open a device that could not be opened.
    public var deviceRetryInterval: Double
    /// Seconds of silence after which FluidSynth stops rendering until the next note.
    public var idleAfter: Double
    /// Seconds without the device taking a sample after which it counts as lost and is reopened.
    public var deviceStallTimeout: Double
    /// Where the calibration table is cached; nil for the default (see `CalibrationCache`).
    public var cacheDirectory: String?

    public init(
        soundFontPath: String? = nil, projectSoundFontDirectory: String = "soundfonts",
        preset: Preset = .cello, noteDuration: Double = 1.0, sampleRate: Double = 48000,
        driver: AudioDriver = .auto, device: String = "default", periodSize: Int = 128, periods: Int = 3,
        deviceRetryInterval: Double = 3, idleAfter: Double = 2, deviceStallTimeout: Double = 2,
        cacheDirectory: String? = nil
    ) {
        self.soundFontPath = soundFontPath
        self.projectSoundFontDirectory = projectSoundFontDirectory
        self.preset = preset
        self.noteDuration = noteDuration
        self.sampleRate = sampleRate
        self.driver = driver
        self.device = device
        self.periodSize = periodSize
        self.periods = periods
        self.deviceRetryInterval = deviceRetryInterval
        self.idleAfter = idleAfter
        self.deviceStallTimeout = deviceStallTimeout
        self.cacheDirectory = cacheDirectory
    }

    /// The buffer latency in seconds.
    public var latency: Double { Double(periodSize * periods) / sampleRate }

    /// Quiet frames before the renderer idles, in whole blocks.
    public var idleAfterFrames: Int { max(ToneRenderer.blockFrames, Int((idleAfter * sampleRate).rounded())) }

    /// Frames in one note.
    public var noteFrames: Int { max(1, Int((noteDuration * sampleRate).rounded())) }
}
