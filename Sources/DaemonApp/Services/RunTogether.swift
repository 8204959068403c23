import ServiceLifecycle

/// Runs `main` and, in a child task beside it, `companion` until the graceful shutdown cancels
/// both; returns once both have ended. The body of a service that is two loops living and dying
/// together: the control server's thread and the loop that answers it, the audio device and the
/// loop that reports its changes.
public func runTogetherUntilShutdown(
    _ main: @escaping @Sendable () async -> Void, beside companion: @escaping @Sendable () async -> Void
) async {
    await cancelWhenGracefulShutdown {
        await withDiscardingTaskGroup { group in
            group.addTask(operation: companion)
            await main()
        }
    }
}
