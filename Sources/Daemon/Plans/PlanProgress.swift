import Foundation
import Synchronization

/// Where a student is in a lesson plan, kept across restarts in the state directory
/// (`plan-progress.json`, beside the statistics). The answers that count toward the lesson's goal
/// are not kept here: they are the stored answers since `since` (docs/plans.md).
public struct PlanProgress: Sendable, Hashable, Codable {
    /// The plan's name: progress in another plan starts that plan from its first lesson.
    public var plan: String
    /// The current lesson's id.
    public var lesson: String
    /// When the lesson began: only the answers of its sessions since then count.
    public var since: Date
    /// Whether the last lesson was passed.
    public var complete: Bool

    public init(plan: String, lesson: String, since: Date, complete: Bool = false) {
        self.plan = plan
        self.lesson = lesson
        self.since = since
        self.complete = complete
    }
}

/// The progress file: each profile's progress, JSON, replaced whole (written beside and renamed
/// over), so a crash leaves the old progress or the new, never half of either. With no path
/// (no state directory) progress lives as long as the daemon.
public final class PlanProgressFile: Sendable {
    public let path: String?
    private let memory = Mutex<[String: PlanProgress]>([:])

    public init(path: String?) {
        self.path = path
    }

    /// The file's name in the state directory.
    public static let name = "plan-progress.json"

    /// The progress of `profile`, nil when there is none (or the file cannot be read: the plan
    /// then begins again, and the next save replaces the file).
    public func load(profile: String) -> PlanProgress? {
        guard let path else { return memory.withLock { $0[profile] } }
        return Self.read(path)[profile]
    }

    /// Keeps `progress` as `profile`'s; a failure to write is returned, for the daemon to say.
    public func save(_ progress: PlanProgress, profile: String) -> String? {
        guard let path else {
            memory.withLock { $0[profile] = progress }
            return nil
        }
        var all = Self.read(path)
        all[profile] = progress
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Self.timestamp.string(from: date))
        }
        do {
            try encoder.encode(all).write(to: URL(fileURLWithPath: path), options: .atomic)
            return nil
        } catch {
            return "\(path): \(error.localizedDescription)"
        }
    }

    /// Times to the millisecond, as ISO 8601 writes them (`2026-11-29T22:31:42.811Z`): a
    /// lesson begins within the second its last answer before was given.
    private static var timestamp: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }

    private static func read(_ path: String) -> [String: PlanProgress] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = timestamp.date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a time: \(text)"))
            }
            return date
        }
        return (try? decoder.decode([String: PlanProgress].self, from: data)) ?? [:]
    }
}
