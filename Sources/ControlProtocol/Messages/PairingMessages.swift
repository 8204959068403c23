/// `pairing.browsers` params: every browser the web view has paired, sent when it connects and
/// whenever the list changes. The daemon keeps the latest list of each web view's connection
/// until it closes.
public struct PairingBrowsersParams: Sendable, Hashable, Codable {
    public var browsers: [PairedBrowserSummary]

    public init(browsers: [PairedBrowserSummary]) {
        self.browsers = browsers
    }
}

/// `pairing.browsers` result: the ids of reported browsers revoked before (while the web view was
/// away): the web view forgets them as it does those of a `pairing.revoked` notification.
public struct PairingBrowsersResult: Sendable, Hashable, Codable {
    public var revoked: [String]

    public init(revoked: [String]) {
        self.revoked = revoked
    }
}

/// `pairing.list` result: the browsers every connected web view reports, and how many web views
/// are connected (none: nobody can say which browsers are paired).
public struct PairingListResult: Sendable, Hashable, Codable {
    public var webViews: Int
    public var browsers: [PairedBrowserSummary]

    public init(webViews: Int, browsers: [PairedBrowserSummary]) {
        self.webViews = webViews
        self.browsers = browsers
    }

    enum CodingKeys: String, CodingKey {
        case webViews = "web_views"
        case browsers
    }
}

/// `pairing.revoke` params and result: the id of the browser to unpair (as `pairing.list` shows it).
public struct PairingRevokeParams: Sendable, Hashable, Codable {
    public var id: String

    public init(id: String) {
        self.id = id
    }
}

/// The notification `pairing.revoked`, sent to the web view that reported the browsers: forget
/// these, so their cookies no longer control.
public struct PairingRevokedNotice: Sendable, Hashable, Codable {
    /// The notification's method.
    public static let method = "pairing.revoked"
    public var ids: [String]

    public init(ids: [String]) {
        self.ids = ids
    }
}

/// `pairing.revoke` result: the browser unpaired, as it was listed. The web view that had it is
/// sent `pairing.revoked` at once.
public struct PairingRevokeResult: Sendable, Hashable, Codable {
    public var revoked: PairedBrowserSummary

    public init(revoked: PairedBrowserSummary) {
        self.revoked = revoked
    }
}
