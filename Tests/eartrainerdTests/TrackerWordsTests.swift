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

    /// `git grep` of `pattern` (extended, any case, files not yet committed too) in `paths` of this
    /// checkout. It exits 1 when nothing matches, 0 with matches, and 127 (no git) or 128 (not a
    /// repository) when it could not look.
    static func grep(_ pattern: String, in paths: [String]) async throws -> Command.Output {
        try await Command.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "grep", "--untracked", "-n", "-i", "-E", pattern, "--"] + paths,
                              in: ConsoleExample.repository)
    }

    @Test("git grep finds no tracker word in Sources")
    func noneInSources() async throws {
        let found = try await Self.grep(Self.pattern, in: ["Sources"])
        #expect(found.status == 1, "\(found)")
    }

    /// The README, the change log and the docs, including files not yet committed.
    static let documents = ["README.md", "CHANGELOG.md", "docs"]

    /// How the work was done is no part of what the docs describe: no branches, worktrees, work
    /// sessions or who ran a figure beside whose build.
    static let workWords = #"work sessions?|helpers?'s? (builds?|runs?)|\bbranch(es)?\b|worktrees?"#

    @Test("git grep finds no word of how the work was done in the docs, the README and the change log")
    func noneInDocs() async throws {
        let found = try await Self.grep(Self.workWords, in: Self.documents)
        #expect(found.status == 1, "\(found)")
    }

    /// What the docs say lasts; the tracker's items and the sessions of work that closed them do
    /// not: no "issue 38", "issues #3", "issue-25", "item 8", "as the issue asks", "the issue "…"",
    /// no numbered session ("session 5's runs", "since session 3"), no "this session's runs", no
    /// "my builds" or "a run of mine". A training session is no tracker word: "in this session",
    /// "the last session's results" and a result line's "session 0.3s" or "session 12s" pass.
    static let docTrackerWords = [
        #"\bissues?[ -]#?[0-9]"#,
        #"\bitems? #?[0-9]"#,
        #"\bthe issue (asks|asked|says|said|names|named|wants|wanted)\b"#,
        #"\bthe issue ""#,
        #"\bsessions? #?[0-9]+([^.0-9a-z]|$)"#,
        #"\b(this|last|next|previous|that) session'?s? (runs?|builds?|commits?|work|changes?)\b"#,
        #"\bmy (own )?(builds?|runs?|tests?|test runs?|machine|changes?|commits?)\b"#,
        #"\bof mine\b"#,
    ].joined(separator: "|")

    @Test("git grep finds no tracker item or numbered work session in the docs, the README and the change log")
    func noTrackerWordsInDocs() async throws {
        let found = try await Self.grep(Self.docTrackerWords, in: Self.documents)
        #expect(found.status == 1, "\(found)")
    }

    @Test("the docs' tracker words catch the tracker and leave the training session alone", arguments: [
        ("A chord is as loud as a note (issue 40, item 8)", true),
        ("the hardening of issues #3 and #4", true),
        ("the issue-25 hardening", true),
        ("Against fluidsynth -is as the issue asks", true),
        (#"The issue "a music-stand view": the live screen"#, true),
        ("make test runs it too, since session 3)", true),
        ("Session 5's other studies", true),
        ("docs/benchmarks.md: this session's runs", true),
        ("a fresh clone, my builds beside its middle stages", true),
        ("a build and a test run of mine beside it", true),
        ("an interval not yet asked in this session weighs 2", false),
        ("the last session's results at /results", false),
        ("session 0.3s   error rate 20.0%   average response 0.02s", false),
        ("eartrainer watch · D dorian scale      session 12s", false),
        ("119 s, 1 issue | 353 s, passed", false),
        ("the session's 12 due items", false),
    ])
    func docTrackerWordsPattern(_ line: String, _ flagged: Bool) throws {
        let pattern = try NSRegularExpression(pattern: Self.docTrackerWords, options: [.caseInsensitive])
        let range = NSRange(line.startIndex..., in: line)
        #expect((pattern.firstMatch(in: line, range: range) != nil) == flagged)
    }
}
