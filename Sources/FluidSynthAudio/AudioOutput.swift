import Foundation
import Synchronization
import Training

/// An open audio device: it takes samples from the renderer until it is released.
public protocol AudioDevice: AnyObject {
    /// How many frames the device has taken so far. When it stops growing the device is lost
    /// (FluidSynth's audio thread ends on an error it cannot recover from, such as a disconnected card).
    var framesTaken: Int { get }
    /// The device as opened, as `status` says it (`plughw:CARD=Device,DEV=0 (card 1 'USB Audio
    /// Device')`, `default`, a WAV file's path).
    var name: String { get }
    /// The sound card it plays on, when that is known.
    var card: SoundCard? { get }
    /// Seconds from a frame handed to it until that frame leaves the speaker: what the renderer
    /// adds to every time it says a sound is heard (`ToneRenderer+Heard`).
    var outputDelay: Double { get }
}

extension AudioDevice {
    /// A device whose frames are heard as they are written (the `file` output's WAV, a test's).
    public var outputDelay: Double { 0 }
}

/// Opens audio devices for a renderer; the seam between the daemon's retry logic and FluidSynth.
public protocol AudioDeviceOpener: Sendable {
    /// Opens the device and starts calling the renderer; the returned object keeps it open until
    /// it is released. Throws `AudioError.deviceUnavailable` when there is no such device.
    func open(_ configuration: AudioConfiguration, renderer: ToneRenderer) throws(AudioError) -> any AudioDevice
}

/// The real opener: a FluidSynth audio driver, or for the driver `file` a WAV file written in
/// real time (`WAVFileDevice`). `auto` must be resolved first (`AudioOutputService` resolves it
/// from its environment at each attempt, `resolvingDriver`). For
/// `alsa` the configured device is looked up among the sound cards present at each attempt
/// (`ALSADevice`), so a card named by a piece of its name is found when it is plugged in after
/// the daemon started.
public struct FluidDeviceOpener: AudioDeviceOpener {
    let cards: @Sendable () -> [SoundCard]

    /// `cards` lists the sound cards present: ALSASequencer's `SoundCard.present` in the daemon
    /// (this target does not link libasound itself), a fixture in a test.
    public init(cards: @escaping @Sendable () -> [SoundCard]) {
        self.cards = cards
    }

    public func open(_ configuration: AudioConfiguration, renderer: ToneRenderer) throws(AudioError) -> any AudioDevice {
        precondition(configuration.driver != .auto, "resolve audio.driver = auto before opening (resolvingDriver)")
        switch configuration.driver {
        case .file:
            return try WAVFileDevice(path: configuration.device, configuration: configuration, renderer: renderer)
        case .alsa:
            let wanted = ALSADevice(parsing: configuration.device)
            let cards = cards()
            let target = wanted.target(among: cards)
            do {
                return try FluidAudioDriver(configuration, device: target.device, card: target.card, renderer: renderer)
            } catch {
                guard case .card(let pattern) = wanted, target.card == nil else { throw error }
                throw .noSoundCard(pattern: pattern.text, cards: cards)
            }
        default:
            return try FluidAudioDriver(configuration, device: configuration.device, card: nil, renderer: renderer)
        }
    }
}

/// An opener for tests: fails a given number of times, then "opens" a device that takes 1,024
/// frames each time it is asked, until `loseDevice` makes it stop, as a disconnected card does.
public final class FakeDeviceOpener: AudioDeviceOpener {
    private let state: Mutex<(failuresLeft: Int, attempts: Int, lost: Bool)>

    public init(failures: Int) {
        state = Mutex((failures, 0, false))
    }

    public var attempts: Int { state.withLock { $0.attempts } }

    /// The open device stops taking frames, and the next `failures` attempts to open fail.
    public func loseDevice(failures: Int) {
        state.withLock { $0.lost = true; $0.failuresLeft = failures }
    }

    public func open(_ configuration: AudioConfiguration, renderer: ToneRenderer) throws(AudioError) -> any AudioDevice {
        let fail = state.withLock { state in
            state.attempts += 1
            guard state.failuresLeft > 0 else { state.lost = false; return false }
            state.failuresLeft -= 1
            return true
        }
        if fail { throw .deviceUnavailable(driver: configuration.driver.rawValue, device: configuration.device, message: "fake") }
        return FakeDevice(opener: self, name: configuration.device)
    }

    fileprivate var lost: Bool { state.withLock { $0.lost } }

    private final class FakeDevice: AudioDevice {
        let opener: FakeDeviceOpener
        let name: String
        var card: SoundCard? { nil }
        let frames = Mutex(0)
        init(opener: FakeDeviceOpener, name: String) {
            self.opener = opener
            self.name = name
        }

        var framesTaken: Int {
            frames.withLock { frames in
                if !opener.lost { frames += 1024 }
                return frames
            }
        }
    }
}
