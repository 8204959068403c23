import ControlClient
import ControlProtocol
import Foundation
import Glibc
import Synchronization
import SystemCalls

/// The report of the paired browsers over a connection of its own, held open: the daemon sends
/// `pairing.revoked` on it. One thread reports each new list and reads what the daemon sends,
/// waiting in `poll()` on the connection and a wake pipe; a broken connection is made again
/// after `reconnectDelay`, and the latest list reported on it. A report the daemon refuses (this
/// account lacks the control right) is tried again after `refusedDelay`.
extension SocketDaemon {
    /// How long to wait before connecting again after the daemon went away.
    static let reconnectDelay: Duration = .seconds(2)
    /// How long to wait before reporting again after the daemon refused a report.
    static let refusedDelay: Duration = .seconds(60)

    public func report(browsers lists: AsyncStream<[PairedBrowserSummary]>) -> AsyncStream<[String]> {
        let (revoked, continuation) = AsyncStream.makeStream(of: [String].self)
        guard let wake = try? WakePipe() else {
            continuation.finish()
            return revoked
        }
        let latest = LatestList()
        let reading = Task {
            for await list in lists {
                latest.set(list)
                wake.wake()
            }
            wake.requestStop()
        }
        continuation.onTermination = { _ in
            reading.cancel()
            wake.requestStop()
        }
        let connect = connect
        Thread {
            while !wake.stopRequested {
                if latest.isEmpty {
                    wake.sleep(for: .seconds(60))  // until the first list
                    continue
                }
                var refused = false
                if let link = try? connect() {
                    refused = Self.relayReports(link: link, latest: latest, wake: wake, to: continuation)
                }
                if !wake.stopRequested { wake.sleep(for: refused ? Self.refusedDelay : Self.reconnectDelay) }
            }
            continuation.finish()
        }.start()
        return revoked
    }

    /// Reports the latest list, then each new one, and yields the revoked ids, until the
    /// connection breaks or `wake` is asked to stop; true when the daemon refused a report.
    private static func relayReports(link: ControlConnection, latest: LatestList, wake: WakePipe,
                                     to continuation: AsyncStream<[String]>.Continuation) -> Bool {
        let heard: (RPCNotification) -> Void = { notification in
            guard notification.method == PairingRevokedNotice.method,
                  let notice = try? Wire.decode(PairingRevokedNotice.self, from: notification.params) else { return }
            continuation.yield(notice.ids)
        }
        var list: [PairedBrowserSummary]? = latest.take(all: true)
        var descriptors = [
            pollfd(fd: link.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.readEnd.rawValue, events: Int16(POLLIN), revents: 0),
        ]
        while !wake.stopRequested {
            if let browsers = list {
                guard let response = try? link.call(Method.pairingBrowsers.rawValue, params: Wire.value(PairingBrowsersParams(browsers: browsers)),
                                                    onNotification: heard) else { return false }
                guard let result = response.result, let reply = try? Wire.decode(PairingBrowsersResult.self, from: result) else { return true }
                if !reply.revoked.isEmpty { continuation.yield(reply.revoked) }
                list = nil
            }
            if !link.hasBufferedLine {
                guard (try? systemCall("poll") { poll(&descriptors, 2, -1) }) != nil else { return false }
                if descriptors[1].revents != 0 {
                    wake.drain()
                    list = latest.take(all: false)
                }
                if descriptors[0].revents == 0 { continue }
            }
            guard let line = try? link.readLine() else { return false }
            if let notification = try? JSONDecoder().decode(RPCNotification.self, from: Data(line.utf8)) { heard(notification) }
        }
        return false
    }
}

/// The latest list of paired browsers, and whether it has been reported since it changed.
private final class LatestList: Sendable {
    private let state = Mutex<(list: [PairedBrowserSummary]?, reported: Bool)>((nil, true))

    var isEmpty: Bool { state.withLock { $0.list == nil } }

    func set(_ list: [PairedBrowserSummary]) {
        state.withLock { $0 = (list, false) }
    }

    /// The list when it was not reported yet (`all`: even when it was), marked reported.
    func take(all: Bool) -> [PairedBrowserSummary]? {
        state.withLock { state in
            guard all || !state.reported else { return nil }
            state.reported = true
            return state.list
        }
    }
}
