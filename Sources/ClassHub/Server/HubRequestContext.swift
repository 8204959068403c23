import Hummingbird

/// Each request's context: Hummingbird's, and the peer's address (the teacher's login slows
/// failed tries per address).
public struct HubRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer's IP address as text; nil when it has none (a test channel).
    public let peerAddress: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
    }
}
