import ALSASequencer
import Foundation
import Logging
import Synchronization

/// One `KeyboardInput` running in the background, with everything it yields kept and stamped on
/// receipt by its consumer.
final class Collector: Sendable {
    struct Received: Sendable {
        let event: InputEvent
        let receivedAt: ContinuousClock.Instant
    }

    let input: KeyboardInput
    private let received = Mutex<[Received]>([])
    private let runner: Task<Void, Never>
    private let finished = Atomic<Bool>(false)

    init(_ configuration: KeyboardInput.Configuration, label: String) {
        var logger = Logger(label: label)
        logger.logLevel = .info
        input = KeyboardInput(configuration: configuration, logger: logger)
        runner = Task.detached { [input] in try? await input.run() }
        Task.detached { [self] in
            for await event in input.events {
                let now = ContinuousClock.now
                received.withLock { $0.append(Received(event: event, receivedAt: now)) }
            }
            finished.store(true, ordering: .releasing)
        }
    }

    /// Cancels the input's `run()`; its stream then finishes.
    func stop() { runner.cancel() }

    /// Everything received so far.
    var all: [Received] { received.withLock { $0 } }

    /// How many items have been received: a mark to read messages after.
    var mark: Int { received.withLock { $0.count } }

    /// The messages received after `mark`, with their thread arrival and consumer receipt times.
    func messages(after mark: Int = 0) -> [(message: MIDIMessage, arrival: ContinuousClock.Instant, receivedAt: ContinuousClock.Instant)] {
        received.withLock { items in
            items.dropFirst(mark).compactMap { item in
                if case let .message(message, arrival) = item.event { return (message, arrival, item.receivedAt) }
                return nil
            }
        }
    }

    /// Whether the event stream has finished (after `run()` returned).
    var streamFinished: Bool { finished.load(ordering: .acquiring) }
}
