import NIOCore
import NIOHTTP1

/// Holds a connection to its requests' deadlines and answers one it cannot parse, from just after
/// the HTTP decoder until the connection becomes a WebSocket (then it lets the frames pass: `/live`'s
/// pings see to a dead page). A request's headers must be in within `headers` of connecting (or `idle`
/// of the last answer), its body within `body` of its headers; past either the connection is
/// closed, so a client that sends half a request holds nothing for long. Garbage, or headers
/// over the decoder's limit, get 400 or 431 and a close, unless an answer is already on its way
/// (then Hummingbird answers it, as it does for any parse error after the first request).
final class HTTPRequestGuard: ChannelDuplexHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: ConnectionLimits
    private var deadline: Scheduled<Void>?
    /// An answer's head is written and its end not yet.
    private var answering = false
    private var refused = false
    /// The connection is a WebSocket now: frames pass untouched.
    private var upgraded = false

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(limits.headers, context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if deadline == nil { arm(limits.headers, context: context) }
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !upgraded else { return context.fireChannelRead(data) }
        switch unwrapInboundIn(data) {
        case .head: arm(limits.body, context: context)
        case .body: break
        // The request is in: how long its answer takes is the route's business.
        case .end: disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !upgraded else { return context.write(data, promise: promise) }
        switch unwrapOutboundIn(data) {
        // (Removing itself here would leave the upgrade's answer unsent.)
        case .head(let head) where head.status == .switchingProtocols:
            upgraded = true
            disarm()
        case .head(let head) where head.status.code >= 200: answering = true
        case .head, .body: break
        case .end:
            answering = false
            arm(limits.idle, context: context)
        }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? HTTPParserError, !answering, !upgraded else {
            context.fireErrorCaught(error)
            return
        }
        guard !refused else { return }
        refused = true
        disarm()
        let status: HTTPResponseStatus = error == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest
        let head = HTTPResponseHead(version: .http1_1, status: status, headers: ["Connection": "close", "Content-Length": "0"])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in Self.close(context) }
    }

    private func arm(_ timeout: Duration, context: ChannelHandlerContext) {
        disarm()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) { Self.close(context) }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }

    /// Closes as a client's end of input would, so Hummingbird takes it for a client gone (it
    /// logs nothing), not for a failed upgrade.
    private static func close(_ context: ChannelHandlerContext) {
        context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        context.close(promise: nil)
    }
}
