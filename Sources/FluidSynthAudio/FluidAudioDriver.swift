import CFluidSynth
import Training

/// Owns one `fluid_audio_driver_t` made with `new_fluid_audio_driver2`: FluidSynth opens the
/// device and runs its audio thread, and every period that thread asks `ToneRenderer` for the
/// samples, so the cello and the exact sines share one device. Freeing it closes the device.
final class FluidAudioDriver: AudioDevice {
    private let settings: FluidSettings
    private let handle: OpaquePointer
    private let renderer: Unmanaged<ToneRenderer>

    /// Opens the device. The corresponding C function is `new_fluid_audio_driver2`, which returns
    /// NULL when the device cannot be opened: that throws `deviceUnavailable`.
    init(_ configuration: AudioConfiguration, renderer: ToneRenderer) throws(AudioError) {
        precondition(configuration.driver != .auto && configuration.driver != .file, "a FluidSynth driver, resolved")
        let settings = try FluidSettings()
        try settings.set("audio.driver", configuration.driver.rawValue)
        try settings.set("audio.\(configuration.driver.rawValue).device", configuration.device)
        try settings.set("audio.period-size", configuration.periodSize)
        try settings.set("audio.periods", configuration.periods)
        try settings.set("audio.sample-format", "float")
        try settings.set("synth.sample-rate", configuration.sampleRate)
        let retained = Unmanaged.passRetained(renderer)
        let callback: fluid_audio_func_t = { data, length, _, _, outputCount, outputs in
            guard let data, let outputs, outputCount >= 2, let left = outputs[0], let right = outputs[1] else {
                return FLUID_FAILED
            }
            Unmanaged<ToneRenderer>.fromOpaque(data).takeUnretainedValue()
                .render(frames: Int(length), left: left, right: right)
            return FLUID_OK
        }
        guard let handle = new_fluid_audio_driver2(settings.handle, callback, retained.toOpaque()) else {
            retained.release()
            throw .deviceUnavailable(driver: configuration.driver.rawValue, device: configuration.device, message: FluidLog.takeLast())
        }
        self.settings = settings
        self.handle = handle
        self.renderer = retained
    }

    /// The renderer's clock: FluidSynth's thread is the only one that advances it.
    var framesTaken: Int { renderer.takeUnretainedValue().clock }

    deinit {
        delete_fluid_audio_driver(handle)
        renderer.release()
    }
}
