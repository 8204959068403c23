import ServiceLifecycle

/// Writes the statistics until shutdown. It is early in the group, so it shuts down after the
/// core: the session's end, reported by the core's shutdown, is still stored.
struct StatisticsService: Service {
    let follower: StatisticsFollower

    func run() async throws {
        await withGracefulShutdownHandler {
            await follower.run()
        } onGracefulShutdown: {
            follower.finish()
        }
    }
}
