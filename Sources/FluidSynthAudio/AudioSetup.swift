import Foundation
import Logging

/// Builds the renderer from the configuration: the SoundFont found, its preset on every channel,
/// the calibration loaded from the cache or measured and stored. When the SoundFont cannot be
/// found or loaded, the renderer is sine-only and a warning says why; nothing stops.
public enum AudioSetup {
    /// The keys calibrated: the default note range C2–C5, widened so that any accepted reference
    /// pitch (380–500 Hz, −250…+222 cents) still lands on a calibrated key.
    public static let calibratedKeys = 33...75

    /// The renderer, and the reason the cello is missing if it is.
    public static func makeRenderer(
        _ configuration: AudioConfiguration, keys: ClosedRange<Int> = calibratedKeys, logger: Logger
    ) -> (renderer: ToneRenderer, celloProblem: AudioError?) {
        let stopFrames = max(ToneRenderer.blockFrames, configuration.periodSize)
        do {
            let (cello, tuner) = try makeCello(configuration, keys: keys, logger: logger)
            return (ToneRenderer(cello: cello, tuner: tuner, sampleRate: configuration.sampleRate, stopFrames: stopFrames,
                                 idleAfterFrames: configuration.idleAfterFrames), nil)
        } catch {
            logger.warning("SoundFont unusable; every note sounds as a sine", metadata: ["reason": "\(error)"])
            return (ToneRenderer(cello: nil, tuner: nil, sampleRate: configuration.sampleRate, stopFrames: stopFrames,
                                 idleAfterFrames: configuration.idleAfterFrames), error)
        }
    }

    static func makeCello(_ configuration: AudioConfiguration, keys: ClosedRange<Int>, logger: Logger) throws(AudioError) -> (CelloInstrument, CelloTuner) {
        let locator = SoundFontLocator(configuredPath: configuration.soundFontPath,
                                       projectDirectory: configuration.projectSoundFontDirectory,
                                       systemPath: configuration.systemSoundFontPath)
        let path = try locator.locate()
        let cello = try CelloInstrument(soundFontPath: path, preset: configuration.preset, sampleRate: configuration.sampleRate)
        let identity = CelloCalibration.Identity(
            soundFontDigest: try ContentDigest.of(path: path), preset: configuration.preset,
            noteDurationMilliseconds: Int((configuration.noteDuration * 1000).rounded()),
            sampleRate: configuration.sampleRate, velocity: CelloTuner.velocity)
        let cache = CalibrationCache(directory: configuration.cacheDirectory)
        let tuner = try CelloTuner(soundFontPath: path, preset: configuration.preset, identity: identity,
                                   bend: cello.bend, cache: cache)
        let started = Date()
        let before = tuner.calibration.count
        try tuner.measureCentred(keys: keys)
        logger.info("cello ready", metadata: [
            "soundfont": "\(path)", "preset": "\(configuration.preset)",
            "calibration": "\(cache.path(for: identity))", "measured": "\(tuner.calibration.count - before)",
            "seconds": "\(Date().timeIntervalSince(started))",
        ])
        return (cello, tuner)
    }
}
