import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// The server's child channel with `ConnectionLimits` applied before HTTP sees a byte: a
/// connection over the per-address or total cap is answered 503 and closed without being read,
/// and an admitted one gets an `HTTPRequestGuard` just after its HTTP decoder. The channel it
/// wraps (HTTP with the WebSocket upgrade) does the rest.
struct GuardedChannel<Inner: ServerChildChannel>: ServerChildChannel {
    let inner: Inner
    let limits: ConnectionLimits
    let gate: ConnectionGate

    /// An admitted connection, or one refused (already being closed).
    enum Value: ServerChildChannelValue {
        case admitted(Inner.Value)
        case refused(any Channel)

        var channel: any Channel {
            switch self {
            case .admitted(let value): value.channel
            case .refused(let channel): channel
            }
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let address = limits.peerGroup(channel.remoteAddress?.ipAddress ?? "unknown")
        guard gate.admit(address) else {
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(TooManyConnections())
                return .refused(channel)
            }
        }
        channel.closeFuture.whenComplete { [gate] _ in gate.leave(address) }
        return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let decoder = try channel.pipeline.syncOperations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(HTTPRequestGuard(limits: limits), position: .after(decoder))
            return .admitted(value)
        }
    }

    func handle(value: Value, logger: Logger) async {
        if case .admitted(let value) = value { await inner.handle(value: value, logger: logger) }
    }
}

/// Answers 503 as soon as the connection is up, then closes it, reading nothing.
private final class TooManyConnections: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    static let answer = "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\nRetry-After: 5\r\n\r\n"

    // Added before or after the connection is active, depending on the bootstrap: either way, once.
    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { refuse(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        refuse(context)
    }

    private var refused = false

    private func refuse(_ context: ChannelHandlerContext) {
        guard !refused else { return }
        refused = true
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: Self.answer))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
