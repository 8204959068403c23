import Foundation
import Logging
import Statistics

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("eartrainer-stats-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

let quietLogger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

/// The fixed "now" of the scripted history: 2026-03-31 12:00 UTC.
let scriptNow = Date(timeIntervalSince1970: 1_774_958_400)

let utc = TimeZone(identifier: "UTC")!

/// The directory holding the test binary, and so the package's other built products.
var productsDirectory: String {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var url = URL(fileURLWithPath: executable).deletingLastPathComponent()
    // On Linux the test binary is .build/debug/<name>.xctest; elsewhere it may sit inside a bundle.
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("StatisticsCrashWriter").path),
        url.path != "/"
    {
        url = url.deletingLastPathComponent()
    }
    return url.path
}
