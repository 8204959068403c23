/// A browser's `User-Agent` in short, as the machine's owner reads it in
/// `eartrainctl web-pair --list`: "Firefox on Android", "Safari on iPhone". Only the browser and
/// the system are kept; the rest of the header (versions, engines) says nothing to a person.
enum BrowserName {
    /// The name, or the header's first word when no known browser is named; "" for none.
    static func summary(_ userAgent: String?) -> String {
        guard let userAgent, !userAgent.isEmpty else { return "" }
        let browser = browsers.first { userAgent.contains($0.mark) }?.name
            ?? String(userAgent.prefix { $0 != "/" && $0 != " " }.prefix(24))
        let system = systems.first { userAgent.contains($0.mark) }?.name
        let text = system.map { "\(browser) on \($0)" } ?? browser
        return String(text.filter { $0.isASCII && ($0.isLetter || $0.isNumber || " .-_".contains($0)) })
    }

    /// Searched in order: Edge and Opera also name Chrome and Safari, Chrome names Safari.
    private static let browsers: [(mark: String, name: String)] = [
        ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"),
        ("Chrome/", "Chrome"), ("Safari/", "Safari"),
    ]

    /// Searched in order: Android names Linux, an iPhone names Mac OS X.
    private static let systems: [(mark: String, name: String)] = [
        ("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("CrOS", "ChromeOS"), ("Windows", "Windows"),
        ("Macintosh", "macOS"), ("Linux", "Linux"),
    ]
}
