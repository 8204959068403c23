import Synchronization

/// The last value made from an input, made again only when the input changes. `status` is asked
/// far more often than a keyboard is plugged in: its device part is rebuilt (strings, error
/// descriptions) only when the devices change. Safe from any thread.
public final class Memo<Input: Equatable & Sendable, Output: Sendable>: Sendable {
    @usableFromInline let last = Mutex<(input: Input, output: Output)?>(nil)

    public init() {}

    @inlinable
    public func value(for input: Input, _ make: (Input) -> Output) -> Output {
        if let last = last.withLock({ $0 }), last.input == input { return last.output }
        let output = make(input)
        last.withLock { $0 = (input, output) }
        return output
    }
}
