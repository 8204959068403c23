import ControlProtocol
import Foundation
import Glibc
import Synchronization

/// Serves newline-framed messages on a Unix socket from one thread that `poll()`s the listener, the
/// clients and a wake pipe. What clients send comes out of `events`, in order; replies and
/// notifications go back through `complete(_:reply:)` and `send(_:to:)`, which any thread may call.
///
/// The server knows nothing of JSON-RPC beyond the greeting and the few refusals it must send
/// itself (too many clients, a line too long, busy); the daemon decides everything else.
public final class ControlServer: Sendable {
    public let events: AsyncStream<ServerEvent>
    public let limits: ServerLimits

    private let listener: UnixListener
    private let greeting: String
    private let refusals: Refusals
    private let continuation: AsyncStream<ServerEvent>.Continuation
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let mailbox = Mutex(Mailbox())
    private let started = Mutex(false)
    private let finished = Mutex(false)

    /// The lines the server sends on its own, already encoded.
    public struct Refusals: Sendable {
        public var tooManyClients: String
        public var lineTooLong: String
        public var busy: String

        public init(tooManyClients: String, lineTooLong: String, busy: String) {
            self.tooManyClients = tooManyClients
            self.lineTooLong = lineTooLong
            self.busy = busy
        }
    }

    private struct Mailbox {
        var outgoing: [(ClientID, [UInt8])] = []
        var completed: [ClientID] = []
        var closing: [ClientID] = []
        var stopping = false
    }

    /// Answers a line on the server thread itself, or returns nil to hand it on through `events`.
    /// The daemon gives one for what it can answer at once from published state (`status`): no
    /// thread hop, no queue, as a single-threaded server such as MPD answers. Only used for a client
    /// with nothing unanswered, so each client's replies stay in the order of its lines. The
    /// answer is the encoded reply, without its newline.
    public typealias QuickAnswer = @Sendable (_ line: [UInt8], _ peer: PeerCredentials) -> [UInt8]?
    private let quickAnswer: QuickAnswer?

    public init(listener: UnixListener, greeting: String, refusals: Refusals, limits: ServerLimits = ServerLimits(),
                quickAnswer: QuickAnswer? = nil) throws {
        self.quickAnswer = quickAnswer
        self.listener = listener
        self.greeting = greeting
        self.refusals = refusals
        self.limits = limits
        var pipeEnds: [Int32] = [0, 0]
        try check("pipe", pipe(&pipeEnds))
        for end in pipeEnds { try makeNonBlocking(end) }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        (events, continuation) = AsyncStream.makeStream(of: ServerEvent.self, bufferingPolicy: .bufferingOldest(limits.maxPendingLines))
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    /// The path clients connect to, when known.
    public var path: String? { listener.path }

    /// Starts the server thread.
    public func start() {
        let thread = Thread { [self] in runLoop() }
        thread.name = "eartrainer-control"
        started.withLock { $0 = true }
        thread.start()
    }

    /// Queues one line (a newline is added) for a client; any thread may call this.
    public func send(_ line: String, to client: ClientID) {
        mailbox.withLock { $0.outgoing.append((client, Array((line + "\n").utf8))) }
        wake()
    }

    /// Answers one line a client sent (`reply` nil for a notification, which gets none). A client
    /// that has stopped sending is closed once every line it sent is answered and flushed.
    public func complete(_ client: ClientID, reply: String?) {
        mailbox.withLock { box in
            if let reply { box.outgoing.append((client, Array((reply + "\n").utf8))) }
            box.completed.append(client)
        }
        wake()
    }

    /// Closes a client's connection after what is queued for it has been tried.
    public func disconnect(_ client: ClientID) {
        mailbox.withLock { $0.closing.append(client) }
        wake()
    }

    /// Stops serving: every client is closed, the events stream finishes, the socket file is
    /// removed (when we made it). Returns once the thread has ended.
    public func stop() {
        mailbox.withLock { $0.stopping = true }
        wake()
        while started.withLock({ $0 }) && !finished.withLock({ $0 }) { usleep(1000) }
        listener.shutdown()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: - The server thread

    private func runLoop() {
        var clients: [ClientID: ClientConnection] = [:]
        var nextNumber = 1
        // The client count at which accepting last stopped, full. Connections that were closed while
        // they waited in the backlog take places when accepted and give them back one poll later, so
        // a full server refuses newcomers only once a round has passed without freeing a place.
        var fullAt: Int?
        // One buffer for every read: 64 KiB zeroed per read cost more than a small `status` itself.
        var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
        defer {
            clients.removeAll()
            continuation.finish()
            finished.withLock { $0 = true }
        }
        // Kept from round to round: a round that answers one `status` allocates as little as it can.
        var descriptors: [pollfd] = []
        var order: [ClientConnection] = []
        while true {
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            descriptors.append(pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0))
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: clients.values)
            for client in order {
                let events = (client.inputClosed ? 0 : Int16(POLLIN)) | (client.wantsToWrite ? Int16(POLLOUT) : 0)
                descriptors.append(pollfd(fd: client.fd, events: events, revents: 0))
            }
            if poll(&descriptors, nfds_t(descriptors.count), -1) == -1 && errno != EINTR { return }

            if descriptors[0].revents != 0 {
                drainWakePipe()
                let mail = mailbox.withLock { box in
                    defer { box.outgoing.removeAll(); box.closing.removeAll(); box.completed.removeAll() }
                    return box
                }
                if mail.stopping { return }
                for (id, bytes) in mail.outgoing { clients[id]?.enqueue(bytes) }
                for id in mail.completed { clients[id]?.unansweredLines -= 1 }
                for id in mail.closing {
                    if let client = clients.removeValue(forKey: id) {
                        _ = client.flush()
                        continuation.yield(.disconnected(id, reason: .closedByServer))
                    }
                }
            }
            for (index, client) in order.enumerated() {
                let revents = descriptors[index + 2].revents
                guard clients[client.id] != nil else { continue }
                if !client.inputClosed && (revents & Int16(POLLIN) != 0 || revents & Int16(POLLHUP) != 0) {
                    if let reason = readAvailable(from: client, into: &readBuffer) {
                        if reason == .closedByPeer {
                            client.inputClosed = true  // answer what it sent, then close
                        } else {
                            drop(client, reason: reason, from: &clients)
                            continue
                        }
                    }
                    // Quick answers go out now, not after every other client's turn in this round
                    // (a failure here shows again, and is handled, in the flush below).
                    if client.wantsToWrite { _ = client.flush() }
                }
                if revents & Int16(POLLERR) != 0 {
                    drop(client, reason: .error(EPIPE), from: &clients)
                    continue
                }
            }
            for client in clients.values where client.wantsToWrite {
                if !client.flush() {
                    drop(client, reason: .closedByPeer, from: &clients)
                } else if client.queuedBytes > limits.maxQueuedOutputBytes {
                    drop(client, reason: .outputOverflow, from: &clients)
                }
            }
            for client in clients.values where client.inputClosed && client.unansweredLines <= 0 && !client.wantsToWrite {
                drop(client, reason: .closedByPeer, from: &clients)
            }
            // Accepted last, once this round's hang-ups have freed their places.
            if descriptors[1].revents != 0 {
                let mayRefuse = fullAt.map { clients.count >= $0 } ?? false
                fullAt = acceptAll(into: &clients, nextNumber: &nextNumber, mayRefuse: mayRefuse)
            }
        }
    }

    private static let newline: [UInt8] = [10]

    private func drop(_ client: ClientConnection, reason: DisconnectReason, from clients: inout [ClientID: ClientConnection]) {
        clients.removeValue(forKey: client.id)
        continuation.yield(.disconnected(client.id, reason: reason))
    }

    private func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
    }

    /// Accepts what waits in the backlog, at most `acceptsPerRound` (a thousand connections at once
    /// must not keep a client that asks `status` waiting for all of them: the rest are taken on the
    /// next rounds, between other clients' lines). When full, it stops and returns the count (leaving
    /// the rest waiting) unless `mayRefuse`, when it answers each newcomer with the too-many-clients refusal.
    private func acceptAll(into clients: inout [ClientID: ClientConnection], nextNumber: inout Int, mayRefuse: Bool) -> Int? {
        for _ in 0..<Self.acceptsPerRound {
            if clients.count >= limits.maxClients && !mayRefuse { return clients.count }
            let fd = accept(listener.fd, nil, nil)
            if fd == -1 { return nil }  // EAGAIN: no more waiting; other errors: try again on the next poll
            guard (try? makeNonBlocking(fd)) != nil else {
                close(fd)
                continue
            }
            let id = ClientID(number: nextNumber)
            nextNumber += 1
            guard let peer = try? PeerCredentials.of(fd) else {
                close(fd)
                continue
            }
            let client = ClientConnection(id: id, fd: fd, peer: peer)
            if clients.count >= limits.maxClients {
                client.enqueue(Array((refusals.tooManyClients + "\n").utf8))
                _ = client.flush()
                continue  // closed as `client` goes
            }
            client.enqueue(Array((greeting + "\n").utf8))
            clients[id] = client
            continuation.yield(.connected(id, peer))
        }
        return nil  // more may wait: the listener stays readable for the next round
    }

    private static let acceptsPerRound = 16

    /// Reads what is there, up to 256 KiB a round so that a client sending megabytes takes its turn
    /// with the others, and hands whole lines on; returns why to drop the client, if it must go.
    private func readAvailable(from client: ClientConnection, into buffer: inout [UInt8]) -> DisconnectReason? {
        for _ in 0..<4 {
            let count = recv(client.fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count == 0 { return .closedByPeer }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return nil }
                return .error(errno)
            }
            for frame in client.framer.feed(buffer[0..<count]) {
                switch frame {
                case .line(let bytes):
                    if client.unansweredLines == 0, let reply = quickAnswer?(bytes, client.peer) {
                        client.enqueue(reply)
                        client.enqueue(Self.newline)
                    } else if case .dropped = continuation.yield(.line(client.id, client.peer, bytes)) {
                        client.enqueue(Array((refusals.busy + "\n").utf8))
                    } else {
                        client.unansweredLines += 1
                    }
                case .tooLong:
                    client.enqueue(Array((refusals.lineTooLong + "\n").utf8))
                    continuation.yield(.lineTooLong(client.id))
                }
            }
            if count < buffer.count { return nil }
        }
        return nil  // more is waiting: poll says so again next round
    }
}
