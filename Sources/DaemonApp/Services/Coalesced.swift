/// Runs `body` for the elements of `requests`, never more than one run behind: elements that
/// come while a run is going make one more run after it, however many they are (a burst of
/// SIGHUPs re-reads the config once or twice, not once each). Returns when `requests` ends or
/// the task is cancelled; a run in progress then sees the cancellation.
func forEachCoalesced<Requests: AsyncSequence & Sendable>(_ requests: Requests, _ body: () async -> Void) async
where Requests.Element: Sendable {
    let (pending, mark) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    await withDiscardingTaskGroup { group in
        group.addTask {
            do {
                for try await _ in requests { mark.yield() }
            } catch {}
            mark.finish()
        }
        for await _ in pending {
            guard !Task.isCancelled else { break }
            await body()
        }
        group.cancelAll()
    }
}
