/// Where the engine sends its events, synchronously and in order.
public protocol TrainingEventSink {
    /// Takes one event; called on the engine's own thread of control.
    func receive(_ event: TrainingEvent)
}

/// An `AsyncStream` continuation is a sink: the daemon hands the stream to its followers.
extension AsyncStream.Continuation: TrainingEventSink where Element == TrainingEvent {
    /// Yields the event to the stream.
    public func receive(_ event: TrainingEvent) {
        yield(event)
    }
}
