import ControlProtocol
import ControlServer
import Synchronization

/// The browsers paired with the web view, as each connected web view last reported them
/// (`pairing.browsers`). The web view keeps its pairings in its own state file, which no other
/// account can read; through this, `pairing.list` and `pairing.revoke` reach them.
///
/// A revocation is sent to the web view that reported the browser as a `pairing.revoked`
/// notification, and its id is remembered: a web view that reports it again (it was away when
/// the notification went out, and connected again) is told in the reply to that report.
public final class PairedBrowserRoster: Sendable {
    /// Revoked ids remembered for a web view that reports them again; past it the oldest are forgotten.
    static let revokedLimit = 256

    private struct State {
        var reports: [ClientID: [PairedBrowserSummary]] = [:]
        var revoked: [String] = []
        var notices: [(client: ClientID, line: String)] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Takes a web view's list in place of its last one; returns the ids in it revoked before,
    /// which are left out of the list. A list with a row that is not what a web view writes is
    /// refused whole (−32602): an id that is not eight lowercase hex digits, or is twice in it,
    /// or is another web view's; an address that is no IP address; a browser's name with a
    /// control or bidi character, or over 64 characters.
    func report(_ browsers: [PairedBrowserSummary], from client: ClientID) throws(RPCError) -> [String] {
        if let problem = Self.problem(in: browsers) { throw .invalidParams("browsers: \(problem)") }
        return try state.withLock { (state) throws(RPCError) -> [String] in
            let others = Set(state.reports.filter { $0.key != client }.values.joined().map(\.id))
            if let taken = browsers.first(where: { others.contains($0.id) }) {
                throw .invalidParams("browsers: \(taken.id) is another web view's browser")
            }
            let revoked = browsers.map(\.id).filter(state.revoked.contains)
            state.reports[client] = browsers.filter { !revoked.contains($0.id) }
            return revoked
        }
    }

    /// What is wrong with a reported list, or nil.
    static func problem(in browsers: [PairedBrowserSummary]) -> String? {
        var seen: Set<String> = []
        for (index, browser) in browsers.enumerated() {
            guard browser.id.count == 8, browser.id.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
                return "row \(index + 1): an id is eight lowercase hex digits"
            }
            guard seen.insert(browser.id).inserted else { return "row \(index + 1): \(browser.id) is twice in the list" }
            if let address = browser.address, !PrintableText.isIPAddress(address) {
                return "row \(index + 1): the address is no IP address"
            }
            guard browser.browser.count <= 64, PrintableText.isPrintable(browser.browser) else {
                return "row \(index + 1): a browser's name is at most 64 printable characters"
            }
        }
        return nil
    }

    /// Every reported browser, most recently seen first, and how many web views report.
    func list() -> PairingListResult {
        state.withLock { state in
            let browsers = state.reports.values.joined().sorted { ($0.lastSeen ?? .distantPast, $0.id) > ($1.lastSeen ?? .distantPast, $1.id) }
            return PairingListResult(webViews: state.reports.count, browsers: browsers)
        }
    }

    /// Unpairs the browser with this id: it leaves the list at once, and its web view is sent a
    /// notice (`takeNotices`). Throws when no web view reports it.
    func revoke(_ id: String) throws(RPCError) -> PairedBrowserSummary {
        let outcome: Result<PairedBrowserSummary, RPCError> = state.withLock { state in
            guard let (client, browsers) = state.reports.first(where: { $0.value.contains { $0.id == id } }).map({ ($0.key, $0.value) }),
                  let index = browsers.firstIndex(where: { $0.id == id }) else {
                let known = state.reports.values.joined().map(\.id).sorted()
                return .failure(.unknownBrowser(id, known: known, webViews: state.reports.count))
            }
            let browser = browsers[index]
            state.reports[client]?.remove(at: index)
            state.revoked.append(id)
            if state.revoked.count > Self.revokedLimit { state.revoked.removeFirst(state.revoked.count - Self.revokedLimit) }
            state.notices.append((client, Wire.notification(method: PairingRevokedNotice.method, params: PairingRevokedNotice(ids: [id]))))
            return .success(browser)
        }
        return try outcome.get()
    }

    /// The notifications to send, each to its web view's connection, since the last call.
    public func takeNotices() -> [(client: ClientID, line: String)] {
        state.withLock { state in
            defer { state.notices = [] }
            return state.notices
        }
    }

    /// Drops a web view's list when its connection closes.
    func forget(_ client: ClientID) {
        _ = state.withLock { $0.reports.removeValue(forKey: client) }
    }
}
