import ControlProtocol
import Foundation
import Glibc
import Synchronization
import SystemCalls

/// Serves newline-framed messages on a Unix socket from one thread that waits (`epoll`) on the
/// listener, the clients and a wake pipe. What clients send comes out of `events`, in order; replies
/// and notifications go back through `complete(_:reply:)` and `send(_:to:)`, which any thread may call.
///
/// `run()` serves until the calling task is cancelled, as `KeyboardInput.run()` reads keys:
/// cancelling wakes the thread through the wake pipe, and `run()` returns once it has closed every
/// client, finished `events` and removed the socket file.
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
    private let wake: WakePipe
    /// Used by the server thread alone, once `run()` has started it.
    private let poller: EventPoller
    private let mailbox = Mutex(Mailbox())
    private let started = Atomic<Bool>(false)

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
        /// Connected descriptors handed over by `adopt(connected:)`, not yet clients.
        var adopted: [Int32] = []
    }

    /// Answers a line on the server thread itself, or returns nil to hand it on through `events`.
    /// The daemon gives one for what it answers at once from published state (`status`): no thread
    /// hop, no queue, as a single-threaded server such as MPD answers. It is asked only for a client
    /// with nothing unanswered, so each client's replies keep the order of its lines, and only for
    /// short lines (`quickAnswerBytes`), so a client sending long lines never holds the thread.
    public typealias QuickAnswer = @Sendable (_ line: ArraySlice<UInt8>, _ client: ClientID, _ peer: PeerCredentials) -> String?
    private let quickAnswer: QuickAnswer?
    private let keepsPlace: @Sendable (PeerCredentials) -> Bool
    /// The longest line offered to the quick answer; a `status` request is under 100 bytes.
    public static let quickAnswerBytes = 512

    /// `keepsPlace` says whether a peer may take the places `ServerLimits.reservedClients` keeps.
    public init(listener: UnixListener, greeting: String, refusals: Refusals, limits: ServerLimits = ServerLimits(),
                quickAnswer: QuickAnswer? = nil, keepsPlace: @escaping @Sendable (PeerCredentials) -> Bool = { _ in false }) throws(ControlServerError) {
        self.quickAnswer = quickAnswer
        self.keepsPlace = keepsPlace
        self.listener = listener
        self.greeting = greeting
        self.refusals = refusals
        self.limits = limits
        do throws(SystemCallError) {
            wake = try WakePipe()
            poller = try EventPoller()
            try poller.add(wake.readEnd.rawValue, tag: Self.wakeTag, interest: .readable)
            try poller.add(listener.rawDescriptor, tag: Self.listenerTag, interest: .readable)
        } catch {
            throw .system(error)
        }
        (events, continuation) = AsyncStream.makeStream(of: ServerEvent.self, bufferingPolicy: .bufferingOldest(limits.maxPendingLines))
    }

    /// The path clients connect to, when known.
    public var path: String? { listener.path }

    /// Serves on the server thread until the calling task is cancelled; then every client is
    /// closed, `events` finishes and the socket file is removed (when we made it). Call once.
    public func run() async {
        precondition(!started.exchange(true, ordering: .acquiringAndReleasing), "ControlServer.run() called twice")
        await withTaskCancellationHandler {
            await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                let thread = Thread { [self] in
                    serve()
                    finished.resume()
                }
                thread.name = "eartrainer-control"
                thread.start()
            }
        } onCancel: {
            wake.requestStop()
        }
        listener.shutdown()
    }

    /// Queues one line (a newline is added) for a client; any thread may call this.
    public func send(_ line: String, to client: ClientID) {
        mailbox.withLock { $0.outgoing.append((client, Array((line + "\n").utf8))) }
        wake.wake()
    }

    /// Answers one line a client sent (`reply` nil for a notification, which gets none). A client
    /// that has stopped sending is closed once every line it sent is answered and flushed.
    public func complete(_ client: ClientID, reply: String?) {
        mailbox.withLock { box in
            if let reply { box.outgoing.append((client, Array((reply + "\n").utf8))) }
            box.completed.append(client)
        }
        wake.wake()
    }

    /// Serves an already connected stream socket as a client, as if it had been accepted: it is
    /// greeted, or refused when the server is full. The server owns (and closes) `fd` from now on.
    /// One end of a `socketpair(2)` gives a test a client without a socket file.
    public func adopt(connected fd: Int32) {
        mailbox.withLock { $0.adopted.append(fd) }
        wake.wake()
    }

    /// Closes a client's connection after what is queued for it has been tried.
    public func disconnect(_ client: ClientID) {
        mailbox.withLock { $0.closing.append(client) }
        wake.wake()
    }

    // MARK: - The server thread

    /// The poller's tags for the two descriptors that are not clients (clients are tagged with
    /// their number, which is never reused).
    private static let wakeTag = UInt64.max
    private static let listenerTag = UInt64.max - 1

    private func serve() {
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
            // Handed over but never served: the server owns them, so it closes them.
            for fd in mailbox.withLock({ box in defer { box.adopted.removeAll() }; return box.adopted }) { _ = FileDescriptor(taking: fd) }
            continuation.finish()
        }
        // The clients this round must look after once its events are handled; kept from round to
        // round, so that a round that answers one `status` allocates as little as it can.
        var touched: [ClientConnection] = []
        var round = 0
        while !wake.stopRequested {
            round += 1
            touched.removeAll(keepingCapacity: true)
            func touch(_ client: ClientConnection) {
                guard client.touchedInRound != round else { return }
                client.touchedInRound = round
                touched.append(client)
            }
            var listenerReady = false
            // nil when waiting failed for good: the thread ends, as it does when asked to stop.
            let waited: Void? = try? poller.wait { ready in
                switch ready.tag {
                case Self.wakeTag:
                    handleMail(clients: &clients, touch: touch)
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
                    if ready.failed { drop(client, reason: .error(.brokenPipe), from: &clients) }
                }
            }
            if waited == nil || wake.stopRequested { return }
            for fd in mailbox.withLock({ box in defer { box.adopted.removeAll() }; return box.adopted }) {
                let socket = FileDescriptor(taking: fd)
                guard (try? socket.makeNonBlocking()) != nil else { continue }  // closed as `socket` goes
                admit(socket, into: &clients, nextNumber: &nextNumber, poller: poller)
            }
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

    /// Takes what other threads left in the mailbox.
    private func handleMail(clients: inout [Int: ClientConnection], touch: (ClientConnection) -> Void) {
        wake.drain()
        let mail = mailbox.withLock { box in
            defer { box.outgoing.removeAll(); box.closing.removeAll(); box.completed.removeAll() }
            return box
        }
        for (id, bytes) in mail.outgoing {
            guard let client = clients[id.number] else { continue }
            // No exemption, not even for one long reply: what waits for a client is bounded.
            guard client.enqueue(bytes, within: limits.maxQueuedOutputBytes) else {
                drop(client, reason: .outputOverflow, from: &clients)
                continue
            }
            touch(client)
        }
        for id in mail.completed {
            guard let client = clients[id.number] else { continue }
            client.unansweredLines -= 1
            var overflowed = false
            while !overflowed && !client.heldLines.isEmpty && client.unansweredLines < limits.maxUnansweredPerClient {
                overflowed = !handOn(client.heldLines.removeFirst()[...], from: client)
            }
            if overflowed {
                drop(client, reason: .outputOverflow, from: &clients)
                continue
            }
            touch(client)
        }
        for id in mail.closing {
            if let client = clients.removeValue(forKey: id.number) {
                _ = client.flush()
                continuation.yield(.disconnected(id, reason: .closedByServer))
            }
        }
    }

    /// After a round's events: sends what is queued, drops a client that broke, overflowed or is
    /// done, and has the poller watch for what the client waits for now.
    private func lookAfter(_ client: ClientConnection, in clients: inout [Int: ClientConnection], poller: EventPoller) {
        if client.wantsToWrite && !client.flush() {
            return drop(client, reason: .closedByPeer, from: &clients)
        }
        if client.inputClosed && client.unansweredLines <= 0 && client.heldLines.isEmpty && !client.wantsToWrite {
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
        let fd = client.socket.rawValue
        if interest.isEmpty {
            poller.remove(fd)
            client.watched = nil
        } else if (try? (client.watched == nil
            ? poller.add(fd, tag: tag, interest: interest)
            : poller.change(fd, tag: tag, interest: interest))) != nil {
            client.watched = interest
        }
    }

    private func drop(_ client: ClientConnection, reason: DisconnectReason, from clients: inout [Int: ClientConnection]) {
        clients.removeValue(forKey: client.id.number)
        continuation.yield(.disconnected(client.id, reason: reason))
    }

    /// Accepts what waits in the backlog, at most `acceptsPerRound` (a thousand connections at once
    /// must not keep a client that asks `status` waiting for all of them: the rest are taken on the
    /// next rounds, between other clients' lines). When full, it stops and returns the count (leaving
    /// the rest waiting) unless `mayRefuse`, when it answers each newcomer with the too-many-clients refusal.
    private func acceptAll(into clients: inout [Int: ClientConnection], nextNumber: inout Int, mayRefuse: Bool,
                           poller: EventPoller) -> Int? {
        for _ in 0..<Self.acceptsPerRound {
            if clients.count >= limits.maxClients && !mayRefuse { return clients.count }
            guard let socket = listener.accept() else { return nil }  // none waiting (or trouble: tried on the next round)
            admit(socket, into: &clients, nextNumber: &nextNumber, poller: poller)
        }
        return nil  // more may wait: the listener stays readable for the next round
    }

    /// Makes a connected socket (accepted or adopted) a client: greeted and watched, or refused
    /// with the too-many-clients line when full, or closed when it cannot be served.
    private func admit(_ socket: consuming FileDescriptor, into clients: inout [Int: ClientConnection],
                       nextNumber: inout Int, poller: EventPoller) {
        let id = ClientID(number: nextNumber)
        nextNumber += 1
        guard let peer = try? PeerCredentials.of(socket) else { return }  // closed as `socket` goes
        let client = ClientConnection(id: id, socket: socket, peer: peer)
        let open = limits.maxClients - (keepsPlace(peer) ? 0 : limits.reservedClients)
        if clients.count >= open {
            client.enqueue(Array((refusals.tooManyClients + "\n").utf8))
            _ = client.flush()
            return  // closed as `client` goes
        }
        client.enqueue(Array((greeting + "\n").utf8))
        _ = client.flush()
        watch(client, poller: poller)
        guard client.watched != nil else { return }  // the poller would not take it: closed as `client` goes
        clients[id.number] = client
        continuation.yield(.connected(id, peer))
    }

    private static let acceptsPerRound = 16

    /// Reads what is there, up to 256 KiB a round so that a client sending megabytes takes its turn
    /// with the others, and hands whole lines on; returns why to drop the client, if it must go.
    private func readAvailable(from client: ClientConnection, into buffer: inout [UInt8]) -> DisconnectReason? {
        for _ in 0..<4 {
            let received: Int?
            do {
                received = try nonBlockingSystemCall("recv") { recv(client.socket.rawValue, &buffer, buffer.count, Int32(MSG_DONTWAIT)) }
            } catch {
                return .error(error.errno)
            }
            guard let count = received else { return nil }  // nothing more for now
            if count == 0 { return .closedByPeer }
            var overflowed = false
            client.framer.feed(buffer[0..<count]) { frame in
                guard !overflowed else { return }
                switch frame {
                case .line(let bytes):
                    if !client.heldLines.isEmpty || client.unansweredLines >= limits.maxUnansweredPerClient {
                        client.heldLines.append(Array(bytes))
                    } else if !handOn(bytes, from: client) {
                        overflowed = true
                    }
                case .tooLong:
                    if !client.enqueueLine(refusals.lineTooLong, within: limits.maxQueuedOutputBytes) { overflowed = true }
                    continuation.yield(.lineTooLong(client.id))
                }
            }
            // Asking `status` again and again without reading fills the queue as events would.
            if overflowed { return .outputOverflow }
            // Lines wait for answers: the rest stays in the socket until they come.
            if count < buffer.count || !client.heldLines.isEmpty { return nil }
        }
        return nil  // more is waiting: the poller says so again next round
    }

    /// Answers `line` here (the quick answer) or hands it to the daemon (refused as busy when the
    /// daemon's queue is full); false when the answer would overflow the client's output.
    private func handOn(_ line: ArraySlice<UInt8>, from client: ClientConnection) -> Bool {
        if client.unansweredLines == 0, line.count <= Self.quickAnswerBytes, let quickAnswer,
           let reply = quickAnswer(line, client.id, client.peer) {
            return client.enqueueLine(reply, within: limits.maxQueuedOutputBytes)
        }
        if case .dropped = continuation.yield(.line(client.id, client.peer, Array(line))) {
            return client.enqueueLine(refusals.busy, within: limits.maxQueuedOutputBytes)
        }
        client.unansweredLines += 1
        return true
    }
}
