import ClientViews
import ControlProtocol
import Testing

@Suite("Results screen")
struct ResultsScreenTests {
    static func results(subjects: [String], category: String? = nil) -> JSONValue {
        .object([
            "correct": .number(7), "errors": .number(3), "revealed": .number(1), "skipped": .number(0),
            "session_seconds": .number(83.4), "error_rate": .number(0.3), "average_response_seconds": .number(1.234),
            "breakdown": .array(subjects.map { subject in
                .object(["subject": .string(subject), "category": category.map { .string($0) } ?? .null, "asked": .number(4), "correct": .number(3), "correct_first_try": .number(2),
                         "errors": .number(2), "revealed": .number(1), "average_response_seconds": .number(0.5)])
            }),
            "confusions": .array([.object(["expected": .string(subjects[0]), "played": .string("M3"), "count": .number(2)])]),
        ])
    }

    @Test("headline, length, rate and average; the table is per degree, per interval or per chord", arguments: [
        (["degree 1", "degree 2"], "per degree"), (["m3", "P5"], "per interval"), (["minor", "dom7"], "per chord"),
    ])
    func screen(subjects: [String], heading: String) {
        let category = heading.split(separator: " ", maxSplits: 1).last.map(String.init)
        // Rows with their category, and (an older daemon) without: degree and interval read the same.
        let lines = ResultsScreen.lines(Self.results(subjects: subjects, category: category))
        if heading == "per degree" || heading == "per interval" {
            #expect(ResultsScreen.lines(Self.results(subjects: subjects)) == lines)
        }
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
        guard case .object(var fields) = Self.results(subjects: ["V7", "ii-V-I"]), case .array(let rows) = fields["breakdown"] else {
            Issue.record("the fixture's shape")
            return
        }
        fields["breakdown"] = .array(zip(rows, ["numeral", "progression"]).map { row, category in
            guard case .object(var row) = row else { return row }
            row["category"] = .string(category)
            return .object(row)
        })
        let lines = ResultsScreen.lines(.object(fields))
        #expect(lines[4].hasPrefix("per item "), "\(lines[4])")
        #expect(lines[5].hasPrefix("V7 ") && lines[6].hasPrefix("ii-V-I "))
    }

    @Test("tuned answers (match) add the mean error, per interval and tuning when there are several; none without")
    func meanError() {
        guard case .object(var object) = Self.results(subjects: ["unison", "M3 just"], category: "interval"),
              case .array(var rows)? = object["breakdown"] else { Issue.record("no results"); return }
        #expect(!ResultsScreen.lines(.object(object)).contains { $0.hasPrefix("mean error") })
        object["mean_absolute_cents"] = .number(4.3)
        for (index, cents) in [2.5, 6.0].enumerated() {
            guard case .object(var row) = rows[index] else { continue }
            row["mean_absolute_cents"] = .number(cents)
            rows[index] = .object(row)
        }
        object["breakdown"] = .array(rows)
        let lines = ResultsScreen.lines(.object(object))
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
        guard case .object(var fields) = Self.results(subjects: ["octave 3", "octave 4"], category: "register") else { return }
        fields["thresholds"] = .array([
            .object(["subject": .string("octave 3"), "cents": .number(4.21), "trials": .number(42), "settled": .bool(true)]),
            .object(["subject": .string("octave 4"), "cents": .number(12.5), "trials": .number(6), "settled": .bool(false)]),
        ])
        let lines = ResultsScreen.lines(.object(fields))
        let table = lines.drop { $0 != "threshold    cents  trials" }
        #expect(Array(table.prefix(3)) == [
            "threshold    cents  trials", "octave 3       4.2      42", "octave 4      12.5       6  (not settled yet: a guess)",
        ], "\(lines)")
        #expect(!ResultsScreen.lines(Self.results(subjects: ["m3"])).contains { $0.hasPrefix("threshold") }, "none for the other kinds")
    }
}
