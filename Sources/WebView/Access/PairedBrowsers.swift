import Foundation
import Synchronization

/// One paired browser: the cookie's token, the token its forms carry, and when it expires.
public struct PairedBrowser: Sendable, Hashable {
    /// The cookie's value: 256 random bits, hex.
    public var token: String
    /// What this browser's forms carry in their `csrf` field, checked on every post: another
    /// 256 random bits, so a form of another page cannot be posted even if a cookie were sent.
    public var csrf: String
    public var expires: Date
}

/// The browsers paired with the web view, by their cookie's token. Kept in a file when given one
/// (the service's state directory), so a restart or a reboot does not unpair the phone on the
/// stand; the file holds secrets and is written with mode 0600.
public final class PairedBrowsers: Sendable {
    /// How long a pairing lasts: a school term's month, then a new code.
    public static let lifetime: TimeInterval = 30 * 24 * 3600
    /// Browsers remembered at once; pairing another forgets the one that expires first.
    public static let limit = 64

    private let browsers: Mutex<[String: PairedBrowser]>
    private let file: String?
    private let now: @Sendable () -> Date

    /// `file`: where they are kept (nil: in memory only). A file that cannot be read is started
    /// afresh: every browser pairs again, nothing else is lost.
    public init(file: String? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.file = file
        self.now = now
        browsers = Mutex(file.map(Self.read) ?? [:])
    }

    /// Pairs a new browser and returns what its cookie and forms carry.
    public func pair() -> PairedBrowser {
        let browser = PairedBrowser(token: Self.randomHex(), csrf: Self.randomHex(), expires: Date(timeIntervalSince1970: (now().timeIntervalSince1970 + Self.lifetime).rounded(.down)))
        change { browsers in
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
        return browsers.withLock { browsers in
            guard let browser = browsers[token], browser.expires > time else { return nil }
            return browser
        }
    }

    /// A pairing in use is kept: when more than a day of its lifetime has passed, it is given a
    /// whole lifetime again (the phone on the stand, opened every day, never has to pair again).
    /// Returns the renewed pairing, or nil when it needed none (or is gone).
    public func renew(_ browser: PairedBrowser) -> PairedBrowser? {
        let fresh = Date(timeIntervalSince1970: (now().timeIntervalSince1970 + Self.lifetime).rounded(.down))
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

    /// Forgets a browser (its "unpair" button).
    public func forget(token: String) {
        change { browsers in browsers[token] = nil }
    }

    /// Changes the set, drops expired ones, and keeps the file up to date.
    private func change(_ body: (inout [String: PairedBrowser]) -> Void) {
        let time = now()
        browsers.withLock { browsers in
            body(&browsers)
            browsers = browsers.filter { $0.value.expires > time }
            if let file { Self.write(browsers, to: file) }
        }
    }

    /// One browser a line: `token csrf expires-seconds-since-1970`.
    private static func read(_ path: String) -> [String: PairedBrowser] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
        var browsers: [String: PairedBrowser] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 3, let seconds = Double(fields[2]), fields[0].count == 64, fields[1].count == 64 else { continue }
            let browser = PairedBrowser(token: String(fields[0]), csrf: String(fields[1]), expires: Date(timeIntervalSince1970: seconds))
            browsers[browser.token] = browser
        }
        return browsers
    }

    private static func write(_ browsers: [String: PairedBrowser], to path: String) {
        let text = browsers.values.map { "\($0.token) \($0.csrf) \(Int($0.expires.timeIntervalSince1970))\n" }.joined()
        let temporary = path + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else { return }
        _ = rename(temporary, path)
    }

    /// 256 bits from the system's generator (`getrandom(2)`), as 64 hex digits.
    static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
