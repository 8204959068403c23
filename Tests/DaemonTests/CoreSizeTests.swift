import Foundation
import Testing

/// The core stays a router of small parts: no source file in Sources/Daemon grows past 300 lines
/// (`DaemonCore.swift` had reached 562, taking in every feature's state).
@Suite struct CoreSizeTests {
    static let limit = 300

    @Test("no file in Sources/Daemon is over 300 lines")
    func smallFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources/Daemon")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL])
            .filter { $0.pathExtension == "swift" }
        #expect(files.count > 20, "the sources were found: \(files.count) files under \(folder.path)")
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= Self.limit, "\(file.path.replacingOccurrences(of: root.path + "/", with: "")): \(lines) lines")
        }
    }
}
