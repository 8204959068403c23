import ClientViews
import ControlProtocol
import Testing

@Suite("Results screen")
struct ResultsScreenTests {
    static func results(subjects: [String], category: String = "degree") -> ResultsReport {
        ResultsReport(
            correct: 7, errors: 3, revealed: 1, skipped: 0, roundsCompleted: 0, questionsFinished: 0, sessionSeconds: 83.4,
            errorRate: 0.3, averageResponseSeconds: 1.234, averageFirstNoteSeconds: nil,
            breakdown: subjects.map { subject in
                .init(subject: subject, category: category, asked: 4, correct: 3, correctFirstTry: 2, errors: 2, revealed: 1,
                      averageResponseSeconds: 0.5)
            },
            confusions: [.init(expected: subjects[0], played: "M3", count: 2)], thresholds: [])
    }

    @Test("headline, length, rate and average; the table is per degree, per interval or per chord", arguments: [
        (["degree 1", "degree 2"], "per degree"), (["m3", "P5"], "per interval"), (["minor", "dom7"], "per chord"),
    ])
    func screen(subjects: [String], heading: String) {
        let category = String(heading.split(separator: " ", maxSplits: 1).last ?? "")
        let lines = ResultsScreen.lines(Self.results(subjects: subjects, category: category))
        #expect(lines[0] == "results: 7 correct, 3 errors")
        #expect(lines[1] == "session 1m 23s   error rate 30.0%   average response 1.23s")
        #expect(lines[2] == "revealed 1   skipped 0")
        #expect(lines[4].hasPrefix(heading + " "), "the heading stands apart from the first column's title: \(lines[4])")
        // Each column's title ends where its numbers do.
        let askedEnds = lines[4].distance(from: lines[4].startIndex, to: lines[4].range(of: "asked")!.upperBound)
        #expect(lines[5].prefix(askedEnds).last?.isNumber == true && lines[5].dropFirst(askedEnds).first == " ",
                "the counts end under their title: \(lines[4]) / \(lines[5])")
        #expect(lines[5].hasPrefix(subjects[0]) && lines[5].hasSuffix("0.50s  ████░░░░"))
        #expect(lines.contains("  \(subjects[0]) → M3  ×2"))
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test("rows of two categories (a progression's numerals and the progression) are per item")
    func twoCategories() {
        var results = Self.results(subjects: ["V7", "ii-V-I"])
        results.breakdown[0].category = "numeral"
        results.breakdown[1].category = "progression"
        let lines = ResultsScreen.lines(results)
        #expect(lines[4].hasPrefix("per item "), "\(lines[4])")
        #expect(lines[5].hasPrefix("V7 ") && lines[6].hasPrefix("ii-V-I "))
    }

    @Test("tuned answers (match) add the mean error, per interval and tuning when there are several; none without")
    func meanError() {
        var results = Self.results(subjects: ["unison", "M3 just"], category: "interval")
        #expect(!ResultsScreen.lines(results).contains { $0.hasPrefix("mean error") })
        results.meanAbsoluteCents = 4.3
        results.breakdown[0].meanAbsoluteCents = 2.5
        results.breakdown[1].meanAbsoluteCents = 6.0
        let lines = ResultsScreen.lines(results)
        #expect(lines[3] == "mean error 4.3 c   (unison 2.5 c, M3 just 6.0 c)", "\(lines)")
    }

    @Test("the score bar rounds to whole cells and stays within its width", arguments: [
        (0.0, "░░░░"), (0.5, "██░░"), (1.0, "████"), (1.7, "████"), (-1.0, "░░░░"), (0.6, "██░░"),
    ])
    func bar(share: Double, expected: String) {
        #expect(ResultsScreen.bar(share, width: 4) == expected)
    }

    @Test("a compare session's thresholds: per register, in cents, and whether settled")
    func thresholds() {
        var results = Self.results(subjects: ["octave 3", "octave 4"], category: "register")
        results.thresholds = [
            .init(subject: "octave 3", category: "register", cents: 4.21, trials: 42, settled: true),
            .init(subject: "octave 4", category: "register", cents: 12.5, trials: 6, settled: false),
        ]
        let lines = ResultsScreen.lines(results)
        let table = lines.drop { $0 != "threshold    cents  trials" }
        #expect(Array(table.prefix(3)) == [
            "threshold    cents  trials", "octave 3       4.2      42", "octave 4      12.5       6  (not settled yet: a guess)",
        ], "\(lines)")
        #expect(!ResultsScreen.lines(Self.results(subjects: ["m3"])).contains { $0.hasPrefix("threshold") }, "none for the other kinds")
    }
}
