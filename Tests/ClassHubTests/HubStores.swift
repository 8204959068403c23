import ClassHub
import Foundation
import Testing

/// The two stores every store test runs on: SQLite in a temporary file, and PostgreSQL in a
/// database of its own on the server `ET_HUB_POSTGRES` names (`make test` starts one from
/// Debian's package: scripts/postgres-for-tests.sh). Without that server the PostgreSQL cases
/// fail, saying so: they are never skipped.
enum HubStoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgresql

    var testDescription: String { rawValue }

    /// A new, empty store; `clock` is the hub's now.
    func make(clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) throws -> HubStore {
        switch self {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID().uuidString.prefix(8)).sqlite").path
            return try HubStore(try SQLiteDatabase(path: path), now: clock)
        case .postgresql:
            return try HubStore(try PostgresDatabase(url: try Self.freshDatabase()), now: clock)
        }
    }

    /// A database made for one test on the server `ET_HUB_POSTGRES` names; its address.
    static func freshDatabase() throws -> String {
        guard let server = ProcessInfo.processInfo.environment["ET_HUB_POSTGRES"] else {
            throw HubTestSetup("ET_HUB_POSTGRES is not set: run scripts/postgres-for-tests.sh (make test does) for the hub's PostgreSQL tests")
        }
        let name = "hub_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        let maintenance = try PostgresDatabase(url: server + "/postgres", connections: 1)
        try maintenance.outsideTransaction("CREATE DATABASE \(name)")
        return server + "/" + name
    }
}

struct HubTestSetup: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
