import DaemonTestSupport
import Foundation
import Testing

/// docs/architecture.md against Package.swift: the dependency table says what the package
/// declares, every target of `Sources/` has its row in the target table, and the diagram names it.
@Suite("docs/architecture.md against Package.swift", .daemon)
struct ArchitectureDocTests {
    /// A target of `Sources/` and what it depends on, as `swift package dump-package` reads them.
    struct Declared: Equatable {
        let name: String
        /// A C library's module map (its row is its Swift target's).
        let system: Bool
        let targets: [String]
        let libraries: [String]

        var row: String {
            "| `\(name)` | \(targets.map { "`\($0)`" }.joined(separator: ", ")) | \(libraries.joined(separator: ", ")) |"
        }
    }

    static func declared() async throws -> [Declared] {
        // A scratch path of its own: the one in use is locked by the `swift test` running this.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        // Its warnings go to a file of their own, so stdout is the JSON alone; a failure shows them.
        let output = try await Command.shell("swift package --scratch-path '\(scratch)' dump-package 2>'\(scratch).err'", in: ConsoleExample.repository)
        let said = (try? String(contentsOfFile: scratch + ".err", encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: scratch + ".err")
        try #require(output.status == 0, "swift package dump-package: \(output); stderr: \(said)")
        let package = try #require(try JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [String: Any])
        let targets = try #require(package["targets"] as? [[String: Any]])
        // Tests, test support, benchmarks and the VM's probes live outside Sources/.
        let sources = targets.filter { ($0["type"] as? String) != "test" && $0["path"] == nil }
        let local = Set(targets.compactMap { $0["name"] as? String })
        return sources.map { target in
            let names = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                for key in ["byName", "target", "product"] {
                    if let value = dependency[key] as? [Any], let name = value.first as? String { return name }
                }
                return nil
            }
            return Declared(name: target["name"] as! String, system: target["type"] as? String == "system",
                            targets: names.filter(local.contains),
                            libraries: names.filter { !local.contains($0) })
        }
    }

    @Test("the dependency table is Package.swift's; every target has a row and a place in the diagram")
    func matchesPackage() async throws {
        let document = try String(contentsOf: ConsoleExample.repository.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let declared = try await Self.declared()
        #expect(declared.count > 20)
        let rows = document.split(separator: "\n").map(String.init)
        let table = rows.drop { !$0.hasPrefix("| target | depends on |") }.dropFirst(2).prefix { $0.hasPrefix("| `") }
        #expect(Array(table) == declared.map(\.row), "docs/architecture.md's dependency table should read:\n\(declared.map(\.row).joined(separator: "\n"))")
        let diagram = document.components(separatedBy: "```")[1]
        for target in declared {
            // Its row names it first: `eartrainerd`, or `EartrainerdCommand` (run by `eartrainerd`).
            #expect(target.system || rows.contains { $0.split(separator: "|").first?.contains("`\(target.name)`") == true && !table.contains($0) },
                    "\(target.name) has no row in the target table")
            #expect(diagram.contains(target.name), "\(target.name) is not in the diagram")
        }
    }
}
