import ALSASequencer
import Foundation
import Synchronization
import VMProbeSupport

/// Polls `condition` every 5 ms until it holds or `timeout` passes; returns the time it took, or nil.
/// Timeouts are generous (the VM is emulated and shares the machine); only the checks the issue
/// times (connected within 1 s) compare the returned time with a limit.
func waitUntil(_ timeout: Duration, _ condition: () -> Bool) -> Duration? {
    let start = ContinuousClock.now
    while ContinuousClock.now - start < timeout {
        if condition() { return ContinuousClock.now - start }
        usleep(5_000)
    }
    return condition() ? ContinuousClock.now - start : nil
}

/// Writes raw MIDI bytes to a rawmidi device, as a keyboard's driver would deliver them.
final class RawMIDIDevice {
    let path: String
    private let descriptor: Int32

    init?(path: String) {
        self.path = path
        descriptor = open(path, O_WRONLY)
        if descriptor < 0 { return nil }
    }

    deinit { close(descriptor) }

    /// Writes `bytes` in one `write()`; returns whether all were written.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }

    var seconds: Double { milliseconds / 1000 }
}

extension InputStatus {
    /// The connected keyboards, or none when not listening.
    var keyboards: [PortInfo] {
        if case let .listening(keyboards) = self { return keyboards }
        return []
    }

    var isNoSequencer: Bool {
        if case .noSequencer = self { return true }
        return false
    }
}

/// The result of `work`, awaited on the calling thread. The probe is one sequential program on
/// its main thread, outside Swift's pool, timing what it sends: it waits for each daemon call
/// (`ControlConnection` is async) where it is, while the call runs on the pool.
func awaited<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<T?>(nil)
    Task {
        let value = await work()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0! }
}
