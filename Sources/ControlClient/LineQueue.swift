import NIOCore

/// The lines a connection has received and not yet handed out, and the one wait for the next.
/// A NIO handler: its state is touched on its channel's event loop only (hence `@unchecked
/// Sendable`; every entry point asserts it). A wait that times out or is cancelled takes no line,
/// so a line is never lost to a wait that gave up.
final class LineQueue: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    /// Its channel's, from the moment the handler is added (before any wait).
    private var eventLoop: (any EventLoop)!
    /// Bytes after the last newline.
    private var partial: [UInt8] = []
    private var lines = CircularBuffer<String>()
    /// The connection ended: the daemon closed it, it broke, or the client closed it.
    private var ended = false
    private var waiter: (id: Int, promise: EventLoopPromise<String>, timeout: Scheduled<Void>?)?
    private var lastWaitID = 0

    func handlerAdded(context: ChannelHandlerContext) {
        eventLoop = context.eventLoop
    }

    /// The next line, within `timeout` (nil: however long it takes). Its id cancels it.
    /// Fails with `.closed` when the connection ends, `.timedOut` when the time runs out.
    func next(within timeout: Duration?) -> (id: Int, line: EventLoopFuture<String>) {
        eventLoop.assertInEventLoop()
        precondition(waiter == nil, "one wait at a time on a ControlConnection")
        let promise = eventLoop.makePromise(of: String.self)
        lastWaitID += 1
        if let line = lines.popFirst() {
            promise.succeed(line)
        } else if ended {
            promise.fail(ControlConnection.ConnectionError.closed)
        } else {
            let id = lastWaitID
            let scheduled = timeout.map { limit in
                eventLoop.scheduleTask(in: .nanoseconds(Int64(limit / .nanoseconds(1)))) { [self] in
                    fail(id, with: ControlConnection.ConnectionError.timedOut(limit))
                }
            }
            waiter = (id, promise, scheduled)
        }
        return (lastWaitID, promise.futureResult)
    }

    /// Gives up the wait `id` (its task was cancelled), if it still waits.
    func fail(_ id: Int, with error: any Error) {
        eventLoop.assertInEventLoop()
        guard let waiting = waiter, waiting.id == id else { return }
        waiter = nil
        waiting.timeout?.cancel()
        waiting.promise.fail(error)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        var start = partial.count
        partial += buffer.readableBytesView
        var lineStart = 0
        while let newline = partial[start...].firstIndex(of: 10) {
            lines.append(String(decoding: partial[lineStart..<newline], as: UTF8.self))
            lineStart = newline + 1
            start = lineStart
        }
        if lineStart > 0 { partial.removeFirst(lineStart) }
        if let waiting = waiter, let line = lines.popFirst() {
            waiter = nil
            waiting.timeout?.cancel()
            waiting.promise.succeed(line)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        ended = true
        if let waiting = waiter { fail(waiting.id, with: ControlConnection.ConnectionError.closed) }
        context.fireChannelInactive()
    }

    /// A read that failed (a reset): the daemon is gone, as when it closes.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
