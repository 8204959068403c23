import Synchronization

/// The last value made from an input, made again only when the input changes. `status` is asked
/// far more often than a keyboard is plugged in: its device part is rebuilt (strings, error
/// descriptions) only when the devices change. Safe from any thread.
public final class Memo<Input: Equatable & Sendable, Output: Sendable>: Sendable {
    @usableFromInline let last = Mutex<(input: Input, output: Output)?>(nil)

    public init() {}

    @inlinable
    public func value(for input: Input, _ make: (Input) -> Output) -> Output {
        // Compared where it lies: only the output is copied out.
        if let output = last.withLock({ last in last.flatMap { $0.input == input ? $0.output : nil } }) { return output }
        let output = make(input)
        last.withLock { $0 = (input, output) }
        return output
    }
}
