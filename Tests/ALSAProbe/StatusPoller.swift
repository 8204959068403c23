import ControlClient
import ControlProtocol
import Foundation
import Synchronization

/// A well-behaved client asking `status` over one connection every `interval` in a task of its
/// own, recording each round trip, until `finish()`.
final class StatusPoller: Sendable {
    /// One round trip: when it began and how long it took.
    struct Sample: Sendable {
        let start: ContinuousClock.Instant
        let milliseconds: Double
    }

    private let samples = Mutex<(answered: [Sample], failures: [String])>(([], []))
    private let stopped = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    init(socketPath: String, interval: Duration = .milliseconds(100)) {
        Task { [self] in
            defer { done.signal() }
            var connection: ControlConnection?
            while !stopped.load(ordering: .acquiring) {
                let start = ContinuousClock.now
                do {
                    if connection == nil { connection = try await ControlConnection(path: socketPath, timeout: .seconds(10)) }
                    let response = try await connection!.call("status")
                    guard response.error == nil else { throw ControlConnection.ConnectionError.garbled("\(response)") }
                    let sample = Sample(start: start, milliseconds: (ContinuousClock.now - start).milliseconds)
                    samples.withLock { $0.answered.append(sample) }
                } catch {
                    connection = nil
                    samples.withLock { $0.failures.append("\(error)") }
                }
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// Stops asking; returns the round trips and what went wrong.
    func finish() -> (answered: [Sample], failures: [String]) {
        stopped.store(true, ordering: .releasing)
        done.wait()
        return samples.withLock { $0 }
    }
}

/// "p50 A ms, p99 B ms, max C ms (N calls)".
func latencySummary(_ milliseconds: [Double]) -> String {
    let sorted = milliseconds.sorted()
    guard !sorted.isEmpty else { return "no calls" }
    func at(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int(q * Double(sorted.count)))] }
    return String(format: "p50 %.1f ms, p99 %.1f ms, max %.1f ms (%d calls)", at(0.5), at(0.99), sorted.last!, sorted.count)
}
