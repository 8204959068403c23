import Foundation
import Testing
import Logging
import MusicTheory
@testable import FluidSynthAudio
import Training

/// Shared helpers: a renderer with its calibration cached in a temporary folder, and the pitch
/// of one isolated note rendered through it.
enum Support {
    static let sampleRate = 48000.0
    /// One folder per test process, so every run measures from scratch like a fresh CI machine.
    static let cacheDirectory = NSTemporaryDirectory() + "eartrainer-audio-tests-\(getpid())"

    static var logger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }

    static func configuration(noteDuration: Double = 1.0, soundFontPath: String? = nil,
                              preset: Preset = .cello) -> AudioConfiguration {
        AudioConfiguration(soundFontPath: soundFontPath, projectSoundFontDirectory: "/nonexistent",
                           preset: preset, noteDuration: noteDuration, sampleRate: sampleRate,
                           cacheDirectory: cacheDirectory)
    }

    static func renderer(_ configuration: AudioConfiguration = configuration(), keys: ClosedRange<Int> = AudioSetup.calibratedKeys) -> (ToneRenderer, AudioError?) {
        AudioSetup.makeRenderer(configuration, keys: keys, logger: logger)
    }

    /// Renders one note alone (the renderer is silenced before and after) and returns how many
    /// cents it sounded above `frequency`, measured over its whole duration from the note-on.
    static func centsOff(_ renderer: ToneRenderer, _ frequency: Frequency, source: SoundSource,
                         noteDuration: Double = 1.0) -> Double {
        let frames = Int(noteDuration * sampleRate)
        let tone = Tone(frequency: frequency, velocity: 100, source: source, startFrame: 0, frameCount: frames)
        let (left, _) = renderer.renderOffline([tone], frames: frames)
        renderer.stop()
        _ = renderer.renderOffline([], frames: 2048)
        guard let estimate = PitchEstimator().estimate(left, sampleRate: sampleRate, expected: frequency.hertz) else {
            return .infinity
        }
        return Frequency(hertz: estimate.hertz).cents(above: frequency)
    }

    /// A copy of the first `bytes` of a file, in the temporary folder.
    static func truncatedCopy(of path: String, bytes: Int) throws -> String {
        let handle = try #require(FileHandle(forReadingAtPath: path))
        let data = try handle.read(upToCount: bytes) ?? Data()
        let out = NSTemporaryDirectory() + "truncated-\(getpid())-\(bytes).sf2"
        try data.write(to: URL(fileURLWithPath: out))
        return out
    }
}
