import ControlProtocol
import Foundation
import Synchronization

/// One paired browser: the cookie's token, the token its forms carry, when it expires, and what
/// the machine's owner is shown of it (`eartrainctl web-pair --list`).
public struct PairedBrowser: Sendable, Hashable {
    /// The cookie's value: 256 random bits, hex.
    public var token: String
    /// What this browser's forms carry in their `csrf` field, checked on every post: another
    /// 256 random bits, so a form of another page cannot be posted even if a cookie were sent.
    public var csrf: String
    public var expires: Date
    /// Eight random hex digits that name it outside the web view (the daemon, `eartrainctl`): no secret.
    public var id: String
    /// Its `User-Agent` in short (`BrowserName`).
    public var agent: String = ""
    /// When it was paired; nil for a pairing kept from before this was recorded.
    public var pairedAt: Date?
    /// When it last made a request, to `PairedBrowsers.seenResolution`.
    public var lastSeen: Date?
    /// The address it last made a request from.
    public var address: String?

    /// What the daemon is told of it: everything but its secrets.
    public var summary: PairedBrowserSummary {
        PairedBrowserSummary(id: id, browser: agent, pairedAt: pairedAt, lastSeen: lastSeen, address: address)
    }
}

/// The browsers paired with the web view, by their cookie's token. Kept in a file when given one
/// (the service's state directory), so a restart or a reboot does not unpair the phone on the
/// stand; the file holds secrets and is written with mode 0600 (`PairedBrowsers+File`). Who
/// watches (`summaries()`, the report to the daemon) hears of every change.
public final class PairedBrowsers: Sendable {
    /// How long a pairing lasts: a school term's month, then a new code.
    public static let lifetime: TimeInterval = 30 * 24 * 3600
    /// Browsers remembered at once; pairing another forgets the one that expires first.
    public static let limit = 64
    /// How stale a browser's last-seen time may grow before a request brings it up to date (and
    /// the file is written for it): a request a second must not write a file a second.
    public static let seenResolution: TimeInterval = 60

    private struct State {
        var browsers: [String: PairedBrowser]
        var watchers: [Int: AsyncStream<[PairedBrowserSummary]>.Continuation] = [:]
        var nextWatcher = 0
    }

    private let state: Mutex<State>
    private let file: String?
    private let now: @Sendable () -> Date

    /// `file`: where they are kept (nil: in memory only). A file that cannot be read is started
    /// afresh: every browser pairs again, nothing else is lost.
    public init(file: String? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.file = file
        self.now = now
        state = Mutex(State(browsers: file.map(Self.read) ?? [:]))
    }

    /// Pairs a new browser, which sent `agent` (its `User-Agent`, in short) from `address`, and
    /// returns what its cookie and forms carry.
    public func pair(agent: String = "", address: String? = nil) -> PairedBrowser {
        let time = Self.wholeSeconds(now())
        var browser = PairedBrowser(token: Self.randomHex(), csrf: Self.randomHex(), expires: time.addingTimeInterval(Self.lifetime),
                                    id: "", agent: agent, pairedAt: time, lastSeen: time, address: address)
        change { browsers in
            browser.id = Self.newID(avoiding: Set(browsers.values.map(\.id)))
            browsers[browser.token] = browser
            if browsers.count > Self.limit, let first = browsers.values.min(by: { $0.expires < $1.expires }) {
                browsers[first.token] = nil
            }
        }
        return browser
    }

    /// The paired browser whose cookie carries `token`, unless it expired.
    public func browser(token: String?) -> PairedBrowser? {
        guard let token, !token.isEmpty else { return nil }
        let time = now()
        return state.withLock { state in
            guard let browser = state.browsers[token], browser.expires > time else { return nil }
            return browser
        }
    }

    /// A pairing in use is kept: when more than a day of its lifetime has passed, it is given a
    /// whole lifetime again (the phone on the stand, opened every day, never has to pair again).
    /// Returns the renewed pairing, or nil when it needed none (or is gone).
    public func renew(_ browser: PairedBrowser) -> PairedBrowser? {
        let fresh = Self.wholeSeconds(now()).addingTimeInterval(Self.lifetime)
        guard fresh.timeIntervalSince(browser.expires) > 24 * 3600 else { return nil }
        var renewed: PairedBrowser?
        change { browsers in
            guard var kept = browsers[browser.token] else { return }
            kept.expires = fresh
            browsers[browser.token] = kept
            renewed = kept
        }
        return renewed
    }

    /// Notes a request of the browser whose cookie carries `token`, from `address`: its last-seen
    /// time and address are brought up to date when the address changed or the time is older
    /// than `seenResolution`.
    public func seen(token: String?, from address: String?) {
        guard let token, !token.isEmpty else { return }
        let time = now()
        let due = state.withLock { state in
            guard let browser = state.browsers[token], browser.expires > time else { return false }
            let moved = address != nil && address != browser.address
            return moved || browser.lastSeen.map { time.timeIntervalSince($0) >= Self.seenResolution } ?? true
        }
        guard due else { return }
        change { browsers in
            browsers[token]?.lastSeen = Self.wholeSeconds(time)
            if let address { browsers[token]?.address = address }
        }
    }

    /// Forgets a browser (its "unpair" button).
    public func forget(token: String) {
        change { browsers in browsers[token] = nil }
    }

    /// Forgets the browsers with these ids (revoked on the machine, `eartrainctl web-pair --revoke`).
    public func forget(ids: [String]) {
        guard !ids.isEmpty else { return }
        change { browsers in browsers = browsers.filter { !ids.contains($0.value.id) } }
    }

    /// The paired browsers as the daemon is told of them, now and after every change (the
    /// latest list only, when the reader is slower), until the reader stops.
    public func summaries() -> AsyncStream<[PairedBrowserSummary]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [PairedBrowserSummary].self, bufferingPolicy: .bufferingNewest(1))
        let time = now()
        let id = state.withLock { state in
            state.nextWatcher += 1
            state.watchers[state.nextWatcher] = continuation
            continuation.yield(Self.summaries(state.browsers, at: time))
            return state.nextWatcher
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.watchers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Changes the set, drops expired ones, keeps the file up to date and tells the watchers.
    private func change(_ body: (inout [String: PairedBrowser]) -> Void) {
        let time = now()
        state.withLock { state in
            body(&state.browsers)
            state.browsers = state.browsers.filter { $0.value.expires > time }
            if let file { Self.write(state.browsers, to: file) }
            let summaries = Self.summaries(state.browsers, at: time)
            for watcher in state.watchers.values { watcher.yield(summaries) }
        }
    }

    private static func summaries(_ browsers: [String: PairedBrowser], at time: Date) -> [PairedBrowserSummary] {
        browsers.values.filter { $0.expires > time }.map(\.summary).sorted { $0.id < $1.id }
    }

    /// Times are kept to the second, as the file and the wire keep them.
    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// 256 bits from the system's generator (`getrandom(2)`), as 64 hex digits.
    static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Eight hex digits no browser in `taken` has.
    static func newID(avoiding taken: Set<String>) -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let hex = String(generator.next() as UInt32, radix: 16)
            let id = String(repeating: "0", count: 8 - hex.count) + hex
            if !taken.contains(id) { return id }
        }
    }
}
