import ArgumentParser
import ControlProtocol
import Foundation

/// `eartrainctl web-pair --list` and `--revoke ID`. The paired browsers are kept by
/// eartrainer-web in its own state directory, which this account cannot read: the daemon is
/// asked (`pairing.list`, `pairing.revoke`), as the web view reports them to it.
extension WebPairCommand {
    func listBrowsers() async throws {
        let result = try await connection.call(Method.pairingList.rawValue)
        if connection.json {
            print(Wire.encode(result))
            return
        }
        print(PairedBrowsersText.lines(try Wire.decode(PairingListResult.self, from: result)).joined(separator: "\n"))
    }

    func revoke(_ id: String) async throws {
        let result = try await connection.call(Method.pairingRevoke.rawValue, params: Wire.value(PairingRevokeParams(id: id)))
        if connection.json {
            print(Wire.encode(result))
            return
        }
        let revoked = try Wire.decode(PairingRevokeResult.self, from: result).revoked
        let browser = revoked.browser.isEmpty ? "" : " (\(PrintableText.escaped(revoked.browser)))"
        print("Revoked browser \(PrintableText.escaped(revoked.id))\(browser): its cookie no longer controls the web view; it can pair again with a new code.")
    }
}

/// The paired browsers as a person reads them: a table, most recently seen first.
enum PairedBrowsersText {
    /// `zone`: where the times are read (this machine's).
    static func lines(_ list: PairingListResult, zone: TimeZone = .current) -> [String] {
        guard list.webViews > 0 else {
            return ["No web view is connected to the daemon (is eartrainer-web running?): its paired browsers cannot be listed."]
        }
        guard !list.browsers.isEmpty else { return ["No browser is paired. Pair one with 'eartrainctl web-pair'."] }
        let rows = [["ID", "PAIRED", "LAST SEEN", "ADDRESS", "BROWSER"]] + list.browsers.map { browser in
            [browser.id, time(browser.pairedAt, zone), time(browser.lastSeen, zone), browser.address ?? "-", browser.browser.isEmpty ? "-" : browser.browser]
                .map(PrintableText.escaped)
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            (0..<4).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ") + "  " + row[4]
        }
    }

    /// A time to the minute: `2025-03-01 17:04`.
    static func time(_ date: Date?, _ zone: TimeZone) -> String {
        guard let date else { return "-" }
        let formatter = DateFormatter()
        formatter.timeZone = zone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
