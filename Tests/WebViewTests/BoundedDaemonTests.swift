import ControlProtocol
import Foundation
import Synchronization
import Testing
@testable import WebView

/// The web view's calls to the daemon: a few at once, a short queue, then 503; `stats.get`
/// answers shared.
@Suite struct BoundedDaemonTests {
    /// A daemon whose calls wait until let go, counting how many were made and run at once.
    final class HeldDaemon: DaemonLink {
        let made = Mutex(0)
        let running = Mutex(0)
        let released = Mutex(false)

        func call(_ method: ControlProtocol.Method, params: JSONValue?) async throws(DaemonFailure) -> JSONValue {
            made.withLock { $0 += 1 }
            running.withLock { $0 += 1 }
            while !released.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(5)) }
            running.withLock { $0 -= 1 }
            return .number(1)
        }

        func follow() -> AsyncStream<DaemonUpdate> { AsyncStream { $0.finish() } }
        func report(browsers lists: AsyncStream<[PairedBrowserSummary]>) -> AsyncStream<[String]> { AsyncStream { $0.finish() } }
    }

    /// Waits (bounded) until `condition` holds.
    static func until(_ condition: () -> Bool) async {
        for _ in 0..<12_000 where !condition() { try? await Task.sleep(for: .milliseconds(10)) }
    }

    @Test("four calls at once, sixteen waiting, the next refused at once as busy; all the others answered")
    func bounded() async throws {
        let inner = HeldDaemon()
        let daemon = BoundedDaemon(inner)
        let calls = (0..<20).map { _ in Task { () throws(DaemonFailure) -> JSONValue in try await daemon.call(.status, params: nil) } }
        await Self.until { inner.running.withLock { $0 } == 4 && daemon.waitingCount == 16 }
        #expect(inner.running.withLock { $0 } == 4 && daemon.waitingCount == 16)
        await #expect(throws: DaemonFailure.self) { _ = try await daemon.call(.sessionResults, params: nil) }
        inner.released.withLock { $0 = true }
        for call in calls { #expect(try await call.value == .number(1)) }
        #expect(inner.made.withLock { $0 } == 20, "the refused one never reached the daemon")
        #expect(daemon.running == 0)
    }

    @Test("stats.get for the same profile: calls under way share one; an answer is given again for three seconds")
    func sharedFigures() async throws {
        let inner = HeldDaemon()
        let clock = Mutex(100.0)
        let daemon = BoundedDaemon(inner, now: { clock.withLock { $0 } })
        let params = JSONValue.object(["profile": .string("ann")])
        let calls = (0..<10).map { _ in Task { () throws(DaemonFailure) -> JSONValue in try await daemon.call(.statsGet, params: params) } }
        await Self.until { inner.made.withLock { $0 } >= 1 }
        inner.released.withLock { $0 = true }
        for call in calls { #expect(try await call.value == .number(1)) }
        #expect(inner.made.withLock { $0 } == 1, "ten pages, one reading")
        clock.withLock { $0 += 2 }
        _ = try await daemon.call(.statsGet, params: params)
        #expect(inner.made.withLock { $0 } == 1, "two seconds on: the same answer")
        _ = try await daemon.call(.statsGet, params: .object(["profile": .string("bea")]))
        #expect(inner.made.withLock { $0 } == 2, "another profile is read")
        clock.withLock { $0 += 2 }
        _ = try await daemon.call(.statsGet, params: params)
        #expect(inner.made.withLock { $0 } == 3, "four seconds on: read again")
    }
}
