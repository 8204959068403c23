import Logging
import Synchronization

/// Keeps the renderer connected to the audio device. A device that cannot be opened leaves the
/// daemon running silent: the problem is logged once, reported through `status`, and the device
/// is tried again every `deviceRetryInterval` seconds until it opens or the task is cancelled.
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
    private let state = Mutex<(status: Status, device: AnyObjectBox?)>((.starting, nil))

    public init(configuration: AudioConfiguration, renderer: ToneRenderer, opener: any AudioDeviceOpener = FluidDeviceOpener(),
                logger: Logger, sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.configuration = configuration
        self.renderer = renderer
        self.opener = opener
        self.logger = logger
        self.sleep = sleep
    }

    public var status: Status { state.withLock { $0.status } }

    /// Opens the device, retrying while it cannot be opened, and keeps it open until cancelled.
    public func run() async {
        var reported = false
        while !Task.isCancelled {
            do {
                let device = try opener.open(configuration, renderer: renderer)
                state.withLock { $0 = (.playing(device: configuration.device), AnyObjectBox(device)) }
                logger.info("audio device open", metadata: [
                    "driver": "\(configuration.driver)", "device": "\(configuration.device)",
                    "latency_ms": "\(configuration.latency * 1000)",
                ])
                break
            } catch {
                state.withLock { $0.status = .silent(reason: error.description) }
                if !reported {
                    logger.warning("audio device unavailable; running silent and retrying", metadata: [
                        "reason": "\(error)", "retry_seconds": "\(configuration.deviceRetryInterval)",
                    ])
                    reported = true
                }
            }
            do { try await sleep(.milliseconds(Int(configuration.deviceRetryInterval * 1000))) } catch {
                close()
                return
            }
        }
        while !Task.isCancelled {
            do { try await sleep(.seconds(3600)) } catch { break }
        }
        close()
    }

    /// Closes the device (FluidSynth stops its audio thread).
    public func close() {
        state.withLock { $0 = (.silent(reason: "closed"), nil) }
    }
}

/// Holds the device object so that releasing the box closes the device.
final class AnyObjectBox: @unchecked Sendable {
    let object: AnyObject
    init(_ object: AnyObject) { self.object = object }
}
