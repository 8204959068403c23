import ControlProtocol
import Glibc

/// One connected client as the server thread sees it: its socket, what it has sent that is not a
/// whole line yet, and what is queued to go to it.
final class ClientConnection {
    let id: ClientID
    let fd: Int32
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

    init(id: ClientID, fd: Int32, peer: PeerCredentials) {
        self.id = id
        self.fd = fd
        self.peer = peer
    }

    deinit { close(fd) }

    var queuedBytes: Int { output.count - outputStart }
    var wantsToWrite: Bool { queuedBytes > 0 }

    func enqueue(_ bytes: [UInt8]) {
        output.append(contentsOf: bytes)
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
            let written = output.withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress! + outputStart, queuedBytes, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if written > 0 {
                outputStart += written
            } else if written == -1 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                break
            } else {
                return false
            }
        }
        if outputStart == output.count {
            output.removeAll(keepingCapacity: output.count <= 64 * 1024)
            outputStart = 0
        } else if outputStart > 64 * 1024 {
            output.removeFirst(outputStart)
            outputStart = 0
        }
        return true
    }
}
