import ControlClient
import ControlProtocol
import Foundation
import Synchronization

/// The report of the paired browsers over a connection of its own, held open: the daemon sends
/// `pairing.revoked` on it. One task reports each new list and reads what the daemon sends,
/// waiting for whichever comes first, a line or a new list; a broken connection is made again
/// after `reconnectDelay`, and the latest list reported on it. A report the daemon refuses (this
/// account lacks the control right) is tried again after `refusedDelay`.
extension SocketDaemon {
    /// How long to wait before connecting again after the daemon went away.
    static let reconnectDelay: Duration = .seconds(2)
    /// How long to wait before reporting again after the daemon refused a report.
    static let refusedDelay: Duration = .seconds(60)

    public func report(browsers lists: AsyncStream<[PairedBrowserSummary]>) -> AsyncStream<[String]> {
        let (revoked, continuation) = AsyncStream.makeStream(of: [String].self)
        let latest = LatestList()
        let connect = connect
        let reporting = Task {
            while !Task.isCancelled {
                if latest.isEmpty {
                    await latest.waitForNew()  // until the first list
                    continue
                }
                var refused = false
                if let link = try? await connect() {
                    refused = await Self.relayReports(link: link, latest: latest, to: continuation)
                }
                try? await Task.sleep(for: refused ? Self.refusedDelay : Self.reconnectDelay)
            }
            continuation.finish()
        }
        let reading = Task {
            for await list in lists { latest.set(list) }
            reporting.cancel()
        }
        continuation.onTermination = { _ in
            reading.cancel()
            reporting.cancel()
        }
        return revoked
    }

    /// What ended a wait on the connection and the lists.
    private enum Woken: Sendable {
        case line(String)
        case newList
        case connectionBroken
    }

    /// Reports the latest list, then each new one, and yields the revoked ids, until the
    /// connection breaks or the task is cancelled; true when the daemon refused a report.
    private static func relayReports(link: ControlConnection, latest: LatestList,
                                     to continuation: AsyncStream<[String]>.Continuation) async -> Bool {
        let heard: (RPCNotification) -> Void = { notification in
            guard notification.method == PairingRevokedNotice.method,
                  let notice = try? Wire.decode(PairingRevokedNotice.self, from: notification.params) else { return }
            continuation.yield(notice.ids)
        }
        var list: [PairedBrowserSummary]? = latest.take(all: true)
        while !Task.isCancelled {
            if let browsers = list {
                guard let response = try? await link.call(Method.pairingBrowsers.rawValue, params: Wire.value(PairingBrowsersParams(browsers: browsers)),
                                                          onNotification: heard) else { return false }
                guard let result = response.result, let reply = try? Wire.decode(PairingBrowsersResult.self, from: result) else { return true }
                if !reply.revoked.isEmpty { continuation.yield(reply.revoked) }
                list = nil
            }
            for woken in await nextWake(link: link, latest: latest) {
                switch woken {
                case .line(let line):
                    if let notification = try? JSONDecoder().decode(RPCNotification.self, from: Data(line.utf8)) { heard(notification) }
                case .newList:
                    list = latest.take(all: false)
                case .connectionBroken:
                    return false
                }
            }
        }
        return false
    }

    /// Waits for a line from the daemon or a new list, whichever comes first. Both waits give
    /// nothing up when cancelled (a line stays queued), and both are kept when both ended.
    private static func nextWake(link: ControlConnection, latest: LatestList) async -> [Woken] {
        await withTaskGroup(of: Woken?.self) { group in
            group.addTask {
                do {
                    return .line(try await link.readLine(within: nil))
                } catch is CancellationError {
                    return nil
                } catch {
                    return .connectionBroken
                }
            }
            group.addTask {
                await latest.waitForNew()
                return Task.isCancelled ? nil : .newList
            }
            var woken: [Woken] = []
            for await result in group {
                guard let result else { continue }
                woken.append(result)
                group.cancelAll()
            }
            return woken
        }
    }
}

/// The latest list of paired browsers, whether it has been reported since it changed, and the
/// one task that may be waiting for it to change.
private final class LatestList: Sendable {
    private struct State {
        var list: [PairedBrowserSummary]?
        var reported = true
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    var isEmpty: Bool { state.withLock { $0.list == nil } }

    func set(_ list: [PairedBrowserSummary]) {
        let waiter = state.withLock { state in
            state.list = list
            state.reported = false
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// The list when it was not reported yet (`all`: even when it was), marked reported.
    func take(all: Bool) -> [PairedBrowserSummary]? {
        state.withLock { state in
            guard all || !state.reported else { return nil }
            state.reported = true
            return state.list
        }
    }

    /// Returns once a list not reported yet is there, or when the task is cancelled.
    func waitForNew() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    guard state.reported, !Task.isCancelled else { return true }
                    state.waiter = waiter
                    return false
                }
                if ready { waiter.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
