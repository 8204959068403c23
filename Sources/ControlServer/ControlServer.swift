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
    /// Used by the server thread alone, once `start()` has started it.
    private let poller: EventPoller
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

    public init(listener: UnixListener, greeting: String, refusals: Refusals, limits: ServerLimits = ServerLimits()) throws {
        self.listener = listener
        self.greeting = greeting
        self.refusals = refusals
        self.limits = limits
        var pipeEnds: [Int32] = [0, 0]
        try check("pipe", pipe(&pipeEnds))
        for end in pipeEnds { try makeNonBlocking(end) }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        poller = try EventPoller()
        try poller.add(wakeRead, tag: Self.wakeTag, interest: .readable)
        try poller.add(listener.fd, tag: Self.listenerTag, interest: .readable)
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

    /// The poller's tags for the two descriptors that are not clients (clients are tagged with
    /// their number, which is never reused).
    private static let wakeTag = UInt64.max
    private static let listenerTag = UInt64.max - 1

    private func runLoop() {
        var clients: [Int: ClientConnection] = [:]
        var nextNumber = 1
        // The client count at which accepting last stopped, full. Connections that were closed while
        // they waited in the backlog take places when accepted and give them back one round later, so
        // a full server refuses newcomers only once a round has passed without freeing a place.
        var fullAt: Int?
        // One buffer for every read: 64 KiB zeroed per read cost more than a small `status` itself.
        var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
        defer {
            clients.removeAll()
            continuation.finish()
            finished.withLock { $0 = true }
        }
        // The clients this round must look after once its events are handled; kept from round to
        // round, so that a round that answers one `status` allocates as little as it can.
        var touched: [ClientConnection] = []
        var round = 0
        while true {
            round += 1
            touched.removeAll(keepingCapacity: true)
            func touch(_ client: ClientConnection) {
                guard client.touchedInRound != round else { return }
                client.touchedInRound = round
                touched.append(client)
            }
            var stopping = false
            var listenerReady = false
            let waited = poller.wait { ready in
                switch ready.tag {
                case Self.wakeTag:
                    stopping = !handleMail(clients: &clients, touch: touch)
                case Self.listenerTag:
                    listenerReady = true
                default:
                    guard let client = clients[Int(truncatingIfNeeded: ready.tag)] else { return }  // dropped this round
                    touch(client)
                    if !client.inputClosed && (ready.readable || ready.hungUp) {
                        if let reason = readAvailable(from: client, into: &readBuffer) {
                            if reason == .closedByPeer {
                                client.inputClosed = true  // answer what it sent, then close
                            } else {
                                drop(client, reason: reason, from: &clients)
                                return
                            }
                        }
                        // Refusals go out now, not after every other client's turn in this round
                        // (a failure here shows again, and is handled, below).
                        if client.wantsToWrite { _ = client.flush() }
                    }
                    if ready.failed { drop(client, reason: .error(EPIPE), from: &clients) }
                }
            }
            if !waited || stopping { return }
            for client in touched where clients[client.id.number] != nil {
                lookAfter(client, in: &clients, poller: poller)
            }
            // Accepted last, once this round's hang-ups have freed their places.
            if listenerReady {
                let mayRefuse = fullAt.map { clients.count >= $0 } ?? false
                fullAt = acceptAll(into: &clients, nextNumber: &nextNumber, mayRefuse: mayRefuse, poller: poller)
            }
        }
    }

    /// Takes what other threads left in the mailbox; false when the server is to stop.
    private func handleMail(clients: inout [Int: ClientConnection], touch: (ClientConnection) -> Void) -> Bool {
        drainWakePipe()
        let mail = mailbox.withLock { box in
            defer { box.outgoing.removeAll(); box.closing.removeAll(); box.completed.removeAll() }
            return box
        }
        if mail.stopping { return false }
        for (id, bytes) in mail.outgoing {
            guard let client = clients[id.number] else { continue }
            client.enqueue(bytes)
            touch(client)
        }
        for id in mail.completed {
            guard let client = clients[id.number] else { continue }
            client.unansweredLines -= 1
            touch(client)
        }
        for id in mail.closing {
            if let client = clients.removeValue(forKey: id.number) {
                _ = client.flush()
                continuation.yield(.disconnected(id, reason: .closedByServer))
            }
        }
        return true
    }

    /// After a round's events: sends what is queued, drops a client that broke, overflowed or is
    /// done, and has the poller watch for what the client waits for now.
    private func lookAfter(_ client: ClientConnection, in clients: inout [Int: ClientConnection], poller: EventPoller) {
        if client.wantsToWrite {
            if !client.flush() {
                return drop(client, reason: .closedByPeer, from: &clients)
            } else if client.queuedBytes > limits.maxQueuedOutputBytes {
                return drop(client, reason: .outputOverflow, from: &clients)
            }
        }
        if client.inputClosed && client.unansweredLines <= 0 && !client.wantsToWrite {
            return drop(client, reason: .closedByPeer, from: &clients)
        }
        watch(client, poller: poller)
    }

    /// Registers, changes or removes the client in the poller to match what it waits for. A client
    /// that waits for nothing (input closed, answers pending) is left out, or the poller would
    /// report its hang-up in every round; the daemon's answers bring it back.
    private func watch(_ client: ClientConnection, poller: EventPoller) {
        let interest = client.interest
        guard interest != client.watched else { return }
        let tag = UInt64(client.id.number)
        if interest.isEmpty {
            poller.remove(client.fd)
            client.watched = nil
        } else if (try? (client.watched == nil
            ? poller.add(client.fd, tag: tag, interest: interest)
            : poller.change(client.fd, tag: tag, interest: interest))) != nil {
            client.watched = interest
        }
    }

    private func drop(_ client: ClientConnection, reason: DisconnectReason, from clients: inout [Int: ClientConnection]) {
        clients.removeValue(forKey: client.id.number)
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
    private func acceptAll(into clients: inout [Int: ClientConnection], nextNumber: inout Int, mayRefuse: Bool,
                           poller: EventPoller) -> Int? {
        for _ in 0..<Self.acceptsPerRound {
            if clients.count >= limits.maxClients && !mayRefuse { return clients.count }
            let fd = accept(listener.fd, nil, nil)
            if fd == -1 { return nil }  // EAGAIN: no more waiting; other errors: try again on the next round
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
            _ = client.flush()
            watch(client, poller: poller)
            guard client.watched != nil else { continue }  // the poller would not take it: closed as `client` goes
            clients[id.number] = client
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
            client.framer.feed(buffer[0..<count]) { frame in
                switch frame {
                case .line(let bytes):
                    if case .dropped = continuation.yield(.line(client.id, client.peer, Array(bytes))) {
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
        return nil  // more is waiting: the poller says so again next round
    }
}
