import Foundation
import Statistics
import Testing
import Training

@Suite("Exporting a page at a time")
struct ExportPageTests {
    /// `count` answers in two profiles' sessions, three to each time (so the order among equal
    /// times counts), recorded in one transaction.
    static func history(_ count: Int, into store: any StatisticsStore) throws {
        let sessions = [("anna", UUID()), ("bea", UUID())]
        var records = sessions.map { profile, id in
            StatisticsRecord.sessionStart(SessionStartRecord(
                id: id, profile: profile, startedAt: scriptNow, exercise: .scale, mode: "ionian", root: "C"))
        }
        for index in 0..<count {
            let (profile, session) = sessions[index % 2]
            records.append(.answer(AnswerRecord(
                time: scriptNow + Double(index / 3), session: session, profile: profile, exercise: .scale, root: "C",
                mode: "ionian", interval: nil, degree: index % 7 + 1, expected: "E3", expectedMIDI: 52,
                playedMIDI: 40 + index % 40, correct: index % 4 != 0, attempt: 1, responseSeconds: Double(index % 9) / 4,
                item: AnswerItem(category: "degree", label: "degree, \"\(index % 7 + 1)\""))))
        }
        try store.record(records)
    }

    /// Every page of an export, asked for as `eartrainctl export` asks.
    static func pages(_ store: any StatisticsStore, profile: String?, format: ExportFormat, limit: Int,
                      bytes: Int = AnswerExport.pageBytes) throws -> [ExportPage] {
        var pages: [ExportPage] = []
        var after: AnswerPosition?
        repeat {
            let page = try AnswerExport.page(store, profile: profile, format: format, after: after, limit: limit, bytes: bytes)
            pages.append(page)
            after = page.next
        } while after != nil && pages.count < 10_000
        return pages
    }

    @Test("the pages joined are the whole export, for either store, format and profile choice",
          arguments: StoreKind.allCases, ExportFormat.allCases)
    func joined(kind: StoreKind, format: ExportFormat) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try kind.make(in: directory, clock: ManualWallClock(scriptNow))
        try Self.history(700, into: store)
        for profile in ["anna", nil] {
            let whole = try store.answers(profile: profile)
            #expect(whole.count == (profile == nil ? 700 : 350))
            let pages = try Self.pages(store, profile: profile, format: format, limit: 64)
            let expected = format == .csv ? AnswerExport.csv(whole) : AnswerExport.json(whole)
            #expect(pages.map(\.data).joined() == expected, "\(kind) \(format) \(profile ?? "every profile")")
            #expect(pages.map(\.answers).reduce(0, +) == whole.count)
            #expect(pages.dropLast().allSatisfy { $0.answers == 64 && $0.next != nil })
            #expect(pages.last?.next == nil)
        }
    }

    @Test("an empty history is one page: the header, or an empty array", arguments: ExportFormat.allCases)
    func empty(format: ExportFormat) throws {
        let page = try AnswerExport.page(MemoryStatisticsStore(), profile: nil, format: format, after: nil)
        #expect(page.data == (format == .csv ? AnswerExport.csv([]) : AnswerExport.json([])))
        #expect(page.answers == 0 && page.next == nil)
    }

    @Test("a page stops at its byte budget, escapes counted, one answer past it at most; the pages still join whole",
          arguments: ExportFormat.allCases)
    func byteBudget(format: ExportFormat) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try StoreKind.sqlite.make(in: directory, clock: ManualWallClock(scriptNow))
        try Self.history(300, into: store)
        let budget = 4096
        let pages = try Self.pages(store, profile: nil, format: format, limit: AnswerExport.pageLimit, bytes: budget)
        #expect(pages.count > 5, "300 answers do not fit in 4 KiB")
        let whole = try store.answers(profile: nil)
        #expect(pages.map(\.data).joined() == (format == .csv ? AnswerExport.csv(whole) : AnswerExport.json(whole)))
        for page in pages {
            // The size as the reply's encoder writes the text inside a JSON string.
            let encoded = try JSONEncoder().encode(page.data).count - 2
            #expect(encoded <= budget + 1024, "a page took \(encoded) bytes encoded for a budget of \(budget)")
        }
    }

    @Test("a position reads back as itself; other text is no position")
    func positions() {
        let position = AnswerPosition(time: 1_771_502_405.25, order: 12_345)
        #expect(AnswerPosition(position.description) == position)
        for text in ["", "12", "x-1", "41d-", "-5", "41d-1-2"] { #expect(AnswerPosition(text) == nil, "\(text)") }
    }
}
