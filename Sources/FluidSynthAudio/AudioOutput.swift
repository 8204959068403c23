import Logging
import Synchronization

/// Opens audio devices for a renderer; the seam between the daemon's retry logic and FluidSynth.
public protocol AudioDeviceOpener: Sendable {
    /// Opens the device and starts calling the renderer; the returned object keeps it open until
    /// it is released. Throws `AudioError.deviceUnavailable` when there is no such device.
    func open(_ configuration: AudioConfiguration, renderer: ToneRenderer) throws(AudioError) -> AnyObject
}

/// The real opener: a FluidSynth audio driver (ALSA by default).
public struct FluidDeviceOpener: AudioDeviceOpener {
    public init() {}

    public func open(_ configuration: AudioConfiguration, renderer: ToneRenderer) throws(AudioError) -> AnyObject {
        try FluidAudioDriver(configuration, renderer: renderer)
    }
}

/// An opener for tests: fails a given number of times, then "opens" a device that renders
/// nothing, recording each attempt.
public final class FakeDeviceOpener: AudioDeviceOpener {
    private let state: Mutex<(failuresLeft: Int, attempts: Int)>

    public init(failures: Int) {
        state = Mutex((failures, 0))
    }

    public var attempts: Int { state.withLock { $0.attempts } }

    public func open(_ configuration: AudioConfiguration, renderer: ToneRenderer) throws(AudioError) -> AnyObject {
        let fail = state.withLock { state in
            state.attempts += 1
            guard state.failuresLeft > 0 else { return false }
            state.failuresLeft -= 1
            return true
        }
        if fail { throw .deviceUnavailable(driver: configuration.driver, device: configuration.device, message: "fake") }
        return FakeDevice()
    }

    private final class FakeDevice {}
}
