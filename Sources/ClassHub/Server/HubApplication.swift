import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging

/// Where and how the hub serves.
public struct HubConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The certificate it serves with; nil serves plain HTTP, which only a loopback address may.
    public var certificate: HubCertificate?

    public init(host: String, port: Int, certificate: HubCertificate?) {
        self.host = host
        self.port = port
        self.certificate = certificate
    }
}

/// The hub built by one function, as the web view is: the boxes' API and the teacher's pages on
/// one router, over TLS with the hub's own certificate. `eartrainer-hub` runs what this returns;
/// the tests call it with a store on a temporary file or a test cluster.
public func buildHub(configuration: HubConfiguration, store: HubStore, teacher: TeacherLogin,
                     onRunning: @escaping @Sendable (Int) -> Void = { _ in }, logger: Logger) throws -> some ApplicationProtocol {
    let router = Router(context: HubRequestContext.self)
    HubAPIRoutes(store: store).add(to: router)
    TeacherRoutes(store: store, login: teacher, fingerprint: configuration.certificate?.fingerprint ?? "").add(to: router)
    let server: HTTPServerBuilder
    if let certificate = configuration.certificate {
        server = try .tls(.http1(), tlsConfiguration: try certificate.serverConfiguration())
    } else {
        server = .http1()
    }
    return Application(
        router: router,
        server: server,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
        onServerRunning: { channel in if let port = channel.localAddress?.port { onRunning(port) } },
        logger: logger)
}
