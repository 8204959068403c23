import ClassHub
import ClassProtocol
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A school's class on one page at a time: the store reads a page's students' rows only, and
/// the class page pages through the class and finds a student by name.
@Suite("The class page, a page at a time")
struct ClassPagingTests {
    /// A class of `count` students ("Student 001" …) and Çelik; every third student practised
    /// on day 100 (20 right, 5 wrong, on M3), every fifth on day 50 only. Returns the ids by name.
    static func school(_ store: HubStore, count: Int) throws -> [String: String] {
        var ids: [String: String] = [:]
        for number in 1...count {
            let name = String(format: "Student %03d", number)
            ids[name] = try store.addStudent(name: name)
        }
        ids["Çelik"] = try store.addStudent(name: "Çelik")
        try store.database.transaction { connection in
            for number in 1...count {
                let id = ids[String(format: "Student %03d", number)] ?? ""
                let day: Int64? = number % 3 == 0 ? 100 : number % 5 == 0 ? 50 : nil
                guard let day else { continue }
                try connection.run(
                    "INSERT INTO daily (student_id, day, exercise, item, correct_count, wrong_count, cents_count, cents_abs_sum, seconds_sum) VALUES (?, ?, 'interval', 'M3', 20, 5, 0, 0, 30)",
                    .text(id), .integer(day))
            }
        }
        return ids
    }

    @Test("the practised, a page's summaries and a page's figures read only the students asked", arguments: HubStoreKind.allCases)
    func pageOfStudents(kind: HubStoreKind) throws {
        let store = try kind.make()
        let ids = try Self.school(store, count: 120)
        let roster = try store.roster()
        #expect(roster.count == 121 && Set(roster.map(\.id)) == Set(ids.values))
        let practised = try store.practised(days: 90...110)
        #expect(practised == Set((1...120).filter { $0 % 3 == 0 }.map { ids[String(format: "Student %03d", $0)] ?? "" }))
        #expect(try store.practised(days: 0...200).count == 40 + 16, "every third, and every fifth that is not a third")

        let page = ["Student 003", "Student 004", "Student 005"].map { ids[$0] ?? "" }
        let summaries = try store.students(days: 0...200, ids: page)
        #expect(summaries.map(\.name) == ["Student 003", "Student 004", "Student 005"])
        #expect(summaries.map(\.answers) == [25, 0, 25] && summaries.map(\.daysPractised) == [1, 0, 1])
        let figures = try store.itemFigures(days: 90...110, students: page)
        #expect(figures.map(\.student) == [ids["Student 003"] ?? ""] && figures.map(\.correct) == [20])
        #expect(try store.itemFigures(days: 0...200, students: []).isEmpty && store.students(days: 0...200, ids: []).isEmpty)
        #expect(try store.itemFigures(days: 0...200, students: nil).count == 56, "nil: every student")
    }

    @Test("the class page shows fifty students a page with the way to the next, and finds a student by name, case and accents aside")
    func classPage() async throws {
        let store = try HubStoreKind.sqlite.make()
        try store.setTeacherPassword(TeacherPagesTests.password)
        let ids = try Self.school(store, count: 120)
        for name in ["Student 001", "Student 120"] {
            _ = try store.join(JoinRequest(code: try store.makeCode(student: ids[name]), publicKey: "key", name: "the box of \(name)"))
        }
        let app = try buildHub(configuration: HubConfiguration(host: "127.0.0.1", port: 0, certificate: nil), store: store,
                               teacher: TeacherLogin(), logger: TeacherPagesTests.logger)
        try await app.test(.router) { client in
            let headers = try await TeacherPagesTests.signedIn(client)
            func page(_ uri: String) async throws -> String {
                String(buffer: try await client.execute(uri: uri, method: .get, headers: headers).body)
            }
            let first = try await page("/teacher?days=90")
            #expect(first.contains("Student 050") && !first.contains("Student 051"), "fifty by name")
            #expect(first.contains("Page 1 of 3") && first.contains(#"<a href="/teacher?days=90&amp;page=2" rel="next">Next</a>"#))
            #expect(!first.contains(#"rel="prev""#))
            #expect(first.contains("the box of Student 001") && !first.contains("the box of Student 120"), "the page's students' boxes only")
            #expect(first.contains("121 students; 0 practised in the last 90 days"), "the whole class's counts, not the page's")
            let last = try await page("/teacher?days=90&page=3")
            #expect(last.contains("Student 120") && last.contains("Çelik") && !last.contains("Student 100<"))
            #expect(last.contains("the box of Student 120") && !last.contains("the box of Student 001"))
            #expect(last.contains("Page 3 of 3") && last.contains(#"page=2" rel="prev">Previous</a>"#) && !last.contains(#"rel="next""#))
            #expect(try await page("/teacher?days=90&page=99").contains("Page 3 of 3"), "a page past the end is the last")

            let found = try await page("/teacher?days=7&q=celik")
            #expect(found.contains(">Çelik</a>") && !found.contains("Student 001") && !found.contains("Page 1 of"))
            #expect(found.contains("1 student named like “celik”"))
            let tens = try await page("/teacher?q=student+01&page=1")
            #expect(tens.contains("10 students named like “student 01”") && tens.contains("Student 019") && !tens.contains("Student 020"))
            let escaped = try await page("/teacher?q=%3Cb%3E")
            #expect(escaped.contains("named like “&lt;b&gt;”") && !escaped.contains("<b>"), "the search is escaped")
        }
    }
}
