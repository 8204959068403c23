import Foundation
import Testing

/// Golden files under `Tests/ClientViewsTests/Snapshots/`, compared exactly.
///
/// To re-record after an intended change: `RECORD_SNAPSHOTS=1 swift test --filter ClientViewsTests`,
/// then read the diff (`git diff Tests/ClientViewsTests/Snapshots`) before committing it.
enum Snapshot {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

    /// Checks `text` against the golden file `name.txt`, or writes it when recording.
    static func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = folder.appendingPathComponent("\(name).txt")
        if recording {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect(throws: Never.self, sourceLocation: sourceLocation) { try text.write(to: file, atomically: true, encoding: .utf8) }
            return
        }
        guard let golden = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no snapshot \(file.lastPathComponent); record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return
        }
        #expect(text == golden, "\(name) differs from its snapshot; got:\n\(text)", sourceLocation: sourceLocation)
    }
}
