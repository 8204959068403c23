import Foundation

/// The paired browsers' file: one browser a line,
/// `token csrf expires id paired-at last-seen address browser…`, times in whole seconds since
/// 1970, `-` for what is not known, the browser's name last (it may hold spaces). A line of the
/// first three fields alone (a file written before the rest was kept) is read with a new id.
extension PairedBrowsers {
    static func read(_ path: String) -> [String: PairedBrowser] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
        var browsers: [String: PairedBrowser] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 3 || fields.count >= 7, let seconds = Double(fields[2]), fields[0].count == 64, fields[1].count == 64 else { continue }
            var browser = PairedBrowser(token: fields[0], csrf: fields[1], expires: Date(timeIntervalSince1970: seconds), id: "")
            if fields.count >= 7, fields[3].count == 8, fields[3].allSatisfy(\.isHexDigit) {
                browser.id = fields[3]
                browser.pairedAt = Double(fields[4]).map(Date.init(timeIntervalSince1970:))
                browser.lastSeen = Double(fields[5]).map(Date.init(timeIntervalSince1970:))
                browser.address = fields[6] == "-" ? nil : fields[6]
                browser.agent = fields[7...].joined(separator: " ")
            }
            if browser.id.isEmpty || browsers.values.contains(where: { $0.id == browser.id }) {
                browser.id = newID(avoiding: Set(browsers.values.map(\.id)))
            }
            browsers[browser.token] = browser
        }
        return browsers
    }

    static func write(_ browsers: [String: PairedBrowser], to path: String) {
        let text = browsers.values.map { browser in
            let fields = [
                browser.token, browser.csrf, seconds(browser.expires), browser.id, browser.pairedAt.map(seconds) ?? "-",
                browser.lastSeen.map(seconds) ?? "-", browser.address ?? "-", browser.agent,
            ]
            return fields.joined(separator: " ") + "\n"
        }.joined()
        let temporary = path + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else { return }
        _ = rename(temporary, path)
    }

    private static func seconds(_ date: Date) -> String { String(Int(date.timeIntervalSince1970)) }
}
