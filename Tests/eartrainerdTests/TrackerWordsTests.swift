import DaemonTestSupport
import Foundation
import Testing

/// Code says what a thing is, not which tracker item asked for it: no issue numbers, no names of the
/// seed documents, no "TODO list" in Sources. Runs `git grep` in this checkout; CI works in a fresh
/// clone, so a missing git or `.git` is a failure, not a reason to skip.
@Suite("tracker words", .daemon)
struct TrackerWordsTests {
    /// What counts as a tracker word. A random seed is not one; the seeds' documents are.
    static let pattern = "issue [0-9]|seed 00[0-4]|the seed'?s|todo list"

    @Test("git grep finds no tracker word in Sources")
    func noneInSources() async throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let found = try await Command.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "grep", "--untracked", "-n", "-i", "-E", Self.pattern, "--", "Sources"], in: packageRoot)
        // git grep exits 1 when nothing matches, 0 with matches, and 127 (no git) or 128 (not a
        // repository) when it could not look.
        #expect(found.status == 1, "\(found)")
    }

    /// How the work was done is no part of what the docs describe: no branches, worktrees, work
    /// sessions or who ran a figure beside whose build.
    static let workWords = #"work sessions?|helpers?'s? (builds?|runs?)|\bbranch(es)?\b|worktrees?"#

    @Test("git grep finds no word of how the work was done in the docs and the README")
    func noneInDocs() async throws {
        let found = try await Command.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "grep", "-n", "-i", "-E", Self.workWords, "--", "docs", "README.md"],
            in: ConsoleExample.repository)
        #expect(found.status == 1, "\(found)")
    }
}
