/// Why an exercise cannot start: options that came from outside (the command line, the control
/// socket, a file) and that the kind's module refused in `validate()`, so a bad one throws rather
/// than traps. Each kind makes its own (`TrainingError.noIntervals`, beside the interval drill in
/// `Exercises/Shared/Intervals/`).
public struct TrainingError: Error, Hashable, Sendable {
    /// What went wrong and what is accepted.
    public let description: String

    /// A refusal saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}

extension TrainingError: CustomStringConvertible {}
