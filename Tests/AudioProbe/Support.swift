import Foundation
import VMProbeSupport

/// CLOCK_MONOTONIC in nanoseconds: the clock ALSA stamps the capture's trigger with.
func monotonicNow() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}

/// Polls `condition` every 20 ms until it holds or `timeout` passes.
func waitUntil(_ timeout: Duration, _ condition: () -> Bool) -> Bool {
    let start = ContinuousClock.now
    while ContinuousClock.now - start < timeout {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// Writes raw MIDI bytes to a rawmidi device, as a keyboard's driver would deliver them.
final class RawMIDIDevice {
    private let descriptor: Int32

    init?(path: String) {
        descriptor = open(path, O_WRONLY)
        if descriptor < 0 { return nil }
    }

    deinit { close(descriptor) }

    /// Writes `bytes` in one `write()`; returns CLOCK_MONOTONIC just before it.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Int64 {
        let at = monotonicNow()
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        return at
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

/// The pitch check over captured notes: the median and most notes within `limit`. Under emulation a
/// note can still be bent by a delivery glitch the dropout test misses (the loopback replaying part
/// of a buffer, or a few frames slipping: docs/benchmarks.md), which is the VM's, not the render's.
func mostlyInTune(_ cents: [Double], limit: Double) -> Bool {
    !cents.isEmpty && abs(median(cents)) <= limit && cents.filter { abs($0) <= limit }.count * 2 > cents.count
}
