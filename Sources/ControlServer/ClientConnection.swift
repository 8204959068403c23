import ControlProtocol
import Glibc
import SystemCalls

/// One connected client as the server thread sees it: its socket, what it has sent that is not a
/// whole line yet, and what is queued to go to it.
final class ClientConnection {
    let id: ClientID
    /// Its socket, closed when the connection goes.
    let socket: FileDescriptor
    let peer: PeerCredentials
    var framer = LineFramer()
    /// Lines handed to the daemon that it has not completed yet.
    var unansweredLines = 0
    /// The peer shut down its sending side (or closed): nothing more will come in.
    var inputClosed = false
    /// What the poller watches this client for; nil while it is not registered (nothing to read or
    /// write: input closed, waiting for the daemon's answers).
    var watched: EventPoller.Interest?
    /// The server round in which it last needed looking after (flushing, closing, re-registering).
    var touchedInRound = -1
    private var output: [UInt8] = []
    private var outputStart = 0
    /// The longest piece queued since the queue was last empty: a reply as long as it may wait
    /// whole (an export of every answer), beyond the queue's limit.
    private(set) var longestQueued = 0

    init(id: ClientID, socket: consuming FileDescriptor, peer: PeerCredentials) {
        self.id = id
        self.socket = socket
        self.peer = peer
    }

    var queuedBytes: Int { output.count - outputStart }
    var wantsToWrite: Bool { queuedBytes > 0 }

    func enqueue(_ bytes: some Sequence<UInt8>) {
        let before = output.count
        output.append(contentsOf: bytes)
        longestQueued = max(longestQueued, output.count - before)
    }

    /// What the poller should watch it for now.
    var interest: EventPoller.Interest {
        var interest: EventPoller.Interest = []
        if !inputClosed { interest.insert(.readable) }
        if wantsToWrite { interest.insert(.writable) }
        return interest
    }

    /// Writes what the socket takes now. Returns false when the connection broke.
    func flush() -> Bool {
        while queuedBytes > 0 {
            let written: Int?
            do {
                written = try output.withUnsafeBytes { buffer throws(SystemCallError) in
                    try nonBlockingSystemCall("send") {
                        send(socket.rawValue, buffer.baseAddress! + outputStart, queuedBytes, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
                    }
                }
            } catch {
                return false  // the connection broke
            }
            guard let written, written > 0 else { break }  // the socket's buffer is full: on the next round
            outputStart += written
        }
        if outputStart == output.count {
            output.removeAll(keepingCapacity: output.count <= 64 * 1024)
            outputStart = 0
            longestQueued = 0
        } else if outputStart > 64 * 1024 {
            output.removeFirst(outputStart)
            outputStart = 0
        }
        return true
    }
}
