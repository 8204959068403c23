import CFluidSynth
import Training

/// Owns one `fluid_audio_driver_t` made with `new_fluid_audio_driver2`: FluidSynth opens the
/// device and runs its audio thread, and every period that thread asks `ToneRenderer` for the
/// samples, so the cello and the exact sines share one device. Freeing it closes the device.
final class FluidAudioDriver: AudioDevice {
    private let settings: FluidSettings
    private let handle: OpaquePointer
    private let renderer: Unmanaged<ToneRenderer>
    let name: String
    let card: SoundCard?
    /// The buffer FluidSynth's driver keeps filled ahead of the card: period size × periods / rate.
    /// FluidSynth 2.3 gives no access to its PCM handle, so the driver's own `snd_pcm_delay` cannot
    /// be read; a card's FIFO beyond the buffer is not counted.
    let outputDelay: Double

    /// Opens `device` (for `alsa`, what `ALSADevice.target` chose; `card` the card it is on).
    /// The corresponding C function is `new_fluid_audio_driver2`, which returns NULL when the
    /// device cannot be opened: that throws `deviceUnavailable`.
    init(_ configuration: AudioConfiguration, device: String, card: SoundCard?, renderer: ToneRenderer) throws(AudioError) {
        precondition(configuration.driver != .auto && configuration.driver != .file, "a FluidSynth driver, resolved")
        let settings = try FluidSettings()
        try settings.set("audio.driver", configuration.driver.rawValue)
        try Self.setDevice(device, driver: configuration.driver, in: settings)
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
        _ = FluidLog.take()  // older news: what is logged from here on concerns this device
        guard let handle = new_fluid_audio_driver2(settings.handle, callback, retained.toOpaque()) else {
            retained.release()
            throw .deviceUnavailable(driver: configuration.driver.rawValue, device: device, message: FluidLog.takeLast())
        }
        // JACK runs at its server's rate, and FluidSynth cannot change a renderer it did not make:
        // at another rate every note would be off pitch, so such a server is refused.
        if let mismatch = FluidLog.take().first(where: { $0.contains("sample rate mismatch") }) {
            delete_fluid_audio_driver(handle)
            retained.release()
            throw .deviceUnavailable(driver: configuration.driver.rawValue, device: device,
                                     message: "the JACK server's rate is not audio.sample_rate (\(Int(configuration.sampleRate))): \(mismatch)")
        }
        self.settings = settings
        self.handle = handle
        self.renderer = retained
        self.card = card
        outputDelay = configuration.latency
        name = card.map { "\(device) (card \($0.index) '\($0.name)')" } ?? device
    }

    /// Where the driver takes its device. JACK has no device setting: its device is the JACK
    /// server's name (`default`: the default server), and the ports are connected to the
    /// server's playback ports, as a player's would be.
    private static func setDevice(_ device: String, driver: AudioDriver, in settings: FluidSettings) throws(AudioError) {
        guard driver == .jack else {
            try settings.set("audio.\(driver.rawValue).device", device)
            return
        }
        try settings.set("audio.jack.id", "eartrainer")
        try settings.set("audio.jack.autoconnect", 1)
        if device != "default" { try settings.set("audio.jack.server", device) }
    }

    /// The renderer's clock: FluidSynth's thread is the only one that advances it.
    var framesTaken: Int { renderer.takeUnretainedValue().clock }

    deinit {
        delete_fluid_audio_driver(handle)
        renderer.release()
    }
}
