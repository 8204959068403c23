import ControlProtocol
import Foundation
import Synchronization

/// The web view's calls to the daemon, bounded: at most `width` at once and `queue` waiting,
/// and past that a page is answered 503 at once, so a flood of page loads holds a few of the
/// daemon's places, never all of them. `stats.get` answers (the progress page's, seconds of
/// reading on a long history) are shared: a call for the same params within `sharing` gets
/// the last answer, and calls made while one is under way wait for it and share it.
public final class BoundedDaemon: DaemonLink {
    /// Calls to the daemon at once.
    public static let width = 4
    /// Calls waiting for a place; one more is refused.
    public static let queue = 16
    /// How long a `stats.get` answer is given again.
    public static let sharing: TimeInterval = 3

    private struct Places {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private struct SharedFigures {
        var answers: [String: (time: Double, result: JSONValue)] = [:]
        var underWay: [String: Task<JSONValue, any Error>] = [:]
    }

    let inner: any DaemonLink
    private let width: Int
    private let queue: Int
    private let places = Mutex(Places())
    private let figures = Mutex(SharedFigures())
    private let now: @Sendable () -> Double

    /// `now` (seconds, any origin) times the sharing; tests pass their own.
    public init(_ inner: any DaemonLink, width: Int = BoundedDaemon.width, queue: Int = BoundedDaemon.queue,
                now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.inner = inner
        self.width = width
        self.queue = queue
        self.now = now
    }

    public func call(_ method: ControlProtocol.Method, params: JSONValue?) async throws(DaemonFailure) -> JSONValue {
        guard method == .statsGet else { return try await bounded { () throws(DaemonFailure) in try await inner.call(method, params: params) } }
        return try await shared(params)
    }

    public func follow() -> AsyncStream<DaemonUpdate> { inner.follow() }

    public func report(browsers lists: AsyncStream<[PairedBrowserSummary]>) -> AsyncStream<[String]> {
        inner.report(browsers: lists)
    }

    /// Calls in flight now, and waiting for a place (for tests).
    var running: Int { places.withLock { $0.running } }
    var waitingCount: Int { places.withLock { $0.waiting.count } }

    /// `body` in one of the places, waiting for one in the queue; refused when the queue is full.
    private func bounded(_ body: () async throws(DaemonFailure) -> JSONValue) async throws(DaemonFailure) -> JSONValue {
        let admitted: Bool? = places.withLock { places in
            if places.running < width {
                places.running += 1
                return true
            }
            return places.waiting.count < queue ? nil : false
        }
        if admitted == false { throw .unreachable("busy: too many pages asked at once; reload in a moment") }
        if admitted == nil {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let now = places.withLock { places -> Bool in
                    if places.running < width {  // a place came free meanwhile
                        places.running += 1
                        return true
                    }
                    places.waiting.append(waiter)
                    return false
                }
                if now { waiter.resume() }
            }
        }
        defer { leave() }
        return try await body()
    }

    /// Gives the place up: to the first waiting, or back.
    private func leave() {
        let next = places.withLock { places -> CheckedContinuation<Void, Never>? in
            guard !places.waiting.isEmpty else {
                places.running -= 1
                return nil
            }
            return places.waiting.removeFirst()  // the place passes on
        }
        next?.resume()
    }

    /// A `stats.get` answer given again within `sharing`, or shared with the call under way.
    private func shared(_ params: JSONValue?) async throws(DaemonFailure) -> JSONValue {
        let key = params.map { Wire.encode($0) } ?? ""
        let time = now()
        let found = figures.withLock { shared -> Result<JSONValue, Never>? in
            guard let last = shared.answers[key], time - last.time < Self.sharing else { return nil }
            return .success(last.result)
        }
        if case .success(let result)? = found { return result }
        let task = figures.withLock { shared -> Task<JSONValue, any Error> in
            if let underWay = shared.underWay[key] { return underWay }
            let task = Task { () throws -> JSONValue in
                try await self.bounded { () throws(DaemonFailure) in try await self.inner.call(.statsGet, params: params) }
            }
            shared.underWay[key] = task
            return task
        }
        let outcome = await task.result
        figures.withLock { shared in
            shared.underWay[key] = nil
            if case .success(let result) = outcome {
                shared.answers = shared.answers.filter { time - $0.value.time < Self.sharing }
                shared.answers[key] = (now(), result)
            }
        }
        switch outcome {
        case .success(let result): return result
        case .failure(let error as DaemonFailure): throw error
        case .failure(let error): throw .unreachable("\(error)")
        }
    }
}
