import Foundation
import Logging
import Synchronization
import Training

/// Keeps the renderer connected to the audio device. A device that cannot be opened leaves the
/// daemon running silent: the problem is logged once, reported through `status`, and the device
/// is tried again every `deviceRetryInterval` seconds until it opens or the task is cancelled.
/// An open device that stops taking samples for `deviceStallTimeout` (a card unplugged or
/// disconnected: FluidSynth's audio thread ends on the error) is closed and reopened the same way.
public final class AudioOutputService: Sendable {
    /// What the output is doing now.
    public enum Status: Sendable, Hashable {
        case starting
        case playing(device: String)
        case silent(reason: String)
    }

    let configuration: AudioConfiguration
    let renderer: ToneRenderer
    let opener: any AudioDeviceOpener
    let logger: Logger
    let sleep: @Sendable (Duration) async throws -> Void
    /// The environment `auto` is resolved in (the user's session, or a system service's none).
    let environment: [String: String]
    private let state = Mutex<(status: Status, device: DeviceBox?)>((.starting, nil))
    /// Every change of `status` after the first attempt to open the device (that one is reported
    /// by whoever starts the daemon): a device lost, a device back.
    public let changes: AsyncStream<Status>
    private let changesContinuation: AsyncStream<Status>.Continuation

    public init(configuration: AudioConfiguration, renderer: ToneRenderer, opener: any AudioDeviceOpener,
                logger: Logger, environment: [String: String] = ProcessInfo.processInfo.environment,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.configuration = configuration
        self.renderer = renderer
        self.opener = opener
        self.logger = logger
        self.sleep = sleep
        self.environment = environment
        (changes, changesContinuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(16))
    }

    public var status: Status { state.withLock { $0.status } }

    /// The status with the card the open device plays on, read together.
    var openState: (status: Status, card: SoundCard?) { state.withLock { ($0.status, $0.device?.card) } }

    /// Opens the device, retrying while it cannot be opened, watches it while open, and reopens
    /// it when it is lost, until cancelled. `auto` is resolved at every attempt, so a sound server
    /// that starts after the daemon is used from the next attempt.
    public func run() async {
        var first = true
        var reported = false
        while !Task.isCancelled {
            let resolved = configuration.resolvingDriver(environment: environment)
            do {
                let device = try opener.open(resolved, renderer: renderer)
                renderer.setOutputDelay(device.outputDelay)
                _ = FluidLog.takeLast()  // older news: what FluidSynth logs from now on concerns this device
                update(.playing(device: configuration.deviceDescription(opened: device.name, resolved: resolved.driver)), device: DeviceBox(device), announce: !first)
                logger.info("audio device open", metadata: [
                    "driver": "\(resolved.driver)", "configured_driver": "\(configuration.driver)", "device": "\(device.name)",
                    "latency_ms": "\(configuration.latency * 1000)",
                ])
                reported = false
                guard let problem = await watch(device) else { break }
                logger.warning("audio device lost; running silent and reopening", metadata: ["reason": "\(problem)"])
                await release(.silent(reason: "\(device.name) lost (\(problem)); retrying every \(String(format: "%g", configuration.deviceRetryInterval)) s"))
                reported = true
            } catch {
                update(.silent(reason: error.description), device: nil, announce: !first)
                if !reported {
                    logger.warning("audio device unavailable; running silent and retrying", metadata: [
                        "reason": "\(error)", "retry_seconds": "\(configuration.deviceRetryInterval)",
                    ])
                    reported = true
                }
            }
            first = false
            renderer.discardAll()
            do { try await sleep(.milliseconds(Int(configuration.deviceRetryInterval * 1000))) } catch { break }
        }
        close()
    }

    /// Returns why the device was lost, or nil when cancelled while it still plays.
    private func watch(_ device: any AudioDevice) async -> String? {
        let interval = min(0.5, configuration.deviceStallTimeout / 4)
        var last = device.framesTaken
        var stalled = 0.0
        while true {
            do { try await sleep(.milliseconds(Int(interval * 1000))) } catch { return nil }
            let now = device.framesTaken
            if now != last {
                (last, stalled) = (now, 0)
                continue
            }
            stalled += interval
            if stalled >= configuration.deviceStallTimeout {
                return FluidLog.takeLast() ?? "no samples taken for \(String(format: "%g", stalled)) s"
            }
        }
    }

    private func update(_ status: Status, device: DeviceBox?, announce: Bool) {
        let changed = state.withLock { state in
            defer { state = (status, device) }
            return state.status != status
        }
        if changed && announce { changesContinuation.yield(status) }
    }

    /// Closes the device on a thread of its own: FluidSynth joins its audio thread, which may
    /// take a moment after an error, and the async tasks must not wait for it.
    private func release(_ status: Status) async {
        let box = state.withLock { state in
            defer { state = (status, nil) }
            return state.device
        }
        changesContinuation.yield(status)
        guard let box else { return }
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                box.release()
                done.resume()
            }
        }
    }

    /// Closes the device (FluidSynth stops its audio thread).
    public func close() {
        let box = state.withLock { state in
            defer { state = (.silent(reason: "closed"), nil) }
            return state.device
        }
        box?.release()
        changesContinuation.finish()
    }
}

/// Holds the device so that releasing it, on whichever thread calls `release`, closes it.
final class DeviceBox: @unchecked Sendable {
    private let lock = NSLock()
    private var device: (any AudioDevice)?
    /// The card the device plays on, kept for `devices` while it is open.
    let card: SoundCard?
    init(_ device: any AudioDevice) {
        self.device = device
        card = device.card
    }
    func release() {
        let device = lock.withLock { () -> (any AudioDevice)? in
            defer { self.device = nil }
            return self.device
        }
        _ = device
    }
}
