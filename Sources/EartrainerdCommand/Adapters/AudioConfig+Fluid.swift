import ConfigFile
import Daemon
import FluidSynthAudio

extension AudioConfig {
    /// FluidSynth's settings from the config's `[audio]` section; the calibration cache goes to
    /// systemd's `CacheDirectory=` when there is one.
    func fluidConfiguration(noteDuration: Duration, environment: [String: String]) -> AudioConfiguration {
        AudioConfiguration(
            soundFontPath: soundFont, preset: Preset(bank: presetBank, program: presetProgram),
            noteDuration: noteDuration.seconds,
            sampleRate: Double(sampleRate), driver: driver, device: device, periodSize: periodSize, periods: periods,
            idleAfter: idleAfter,
            cacheDirectory: environment["CACHE_DIRECTORY"].flatMap { $0.isEmpty ? nil : $0 })
    }
}
