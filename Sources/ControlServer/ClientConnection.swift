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
    /// Whole lines read but not handed on while `ServerLimits.maxUnansweredPerClient` wait: the
    /// socket is not read while any are here, so they are at most one round's reading.
    var heldLines: [[UInt8]] = []
    /// The peer shut down its sending side (or closed): nothing more will come in.
    var inputClosed = false
    /// What the poller watches this client for; nil while it is not registered (nothing to read or
    /// write: input closed, waiting for the daemon's answers).
    var watched: EventPoller.Interest?
    /// The server round in which it last needed looking after (flushing, closing, re-registering).
    var touchedInRound = -1
    private var output: [UInt8] = []
    private var outputStart = 0

    init(id: ClientID, socket: consuming FileDescriptor, peer: PeerCredentials) {
        self.id = id
        self.socket = socket
        self.peer = peer
    }

    var queuedBytes: Int { output.count - outputStart }
    var wantsToWrite: Bool { queuedBytes > 0 }

    func enqueue(_ bytes: some Sequence<UInt8>) {
        output.append(contentsOf: bytes)
    }

    /// Queues `bytes` unless the queue would then pass `limit`; false when it would (the client
    /// is not reading, or the reply alone is too long): nothing is queued then.
    func enqueue(_ bytes: [UInt8], within limit: Int) -> Bool {
        guard queuedBytes + bytes.count <= limit else { return false }
        output.append(contentsOf: bytes)
        return true
    }

    /// Queues `line` and a newline, as `enqueue(_:within:)` does, without copying it first.
    func enqueueLine(_ line: String, within limit: Int) -> Bool {
        guard queuedBytes + line.utf8.count + 1 <= limit else { return false }
        output.append(contentsOf: line.utf8)
        output.append(0x0A)
        return true
    }

    /// What the poller should watch it for now.
    var interest: EventPoller.Interest {
        var interest: EventPoller.Interest = []
        if !inputClosed && heldLines.isEmpty { interest.insert(.readable) }
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
        } else if outputStart > 64 * 1024 {
            output.removeFirst(outputStart)
            outputStart = 0
        }
        return true
    }
}
