import ClassHub
import ClassProtocol
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// The teacher's pages through the hub's router: the sign-in, the class page over a range of days,
/// a code with its QR code, and deleting a student only with the name typed again.
@Suite("The teacher's pages")
struct TeacherPagesTests {
    static let password = "a long password"
    static let logger = Logger(label: "teacher-test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A hub on SQLite with the teacher's password set and Bea's box holding a session of answers.
    static func hub() throws -> (HubStore, String) {
        let store = try HubStoreKind.sqlite.make()
        try store.setTeacherPassword(password)
        let student = try store.addStudent(name: "Bea")
        let reply = try store.join(JoinRequest(code: try store.makeCode(student: student), publicKey: "key", name: "Bea's box"))
        let box = try #require(try store.box(token: reply.token))
        let now = Date().timeIntervalSince1970
        let answers = (1...10).map { seq in
            PushedAnswer(uid: String(format: "%032lx", seq), seq: Int64(seq), time: now - 3_600, session: "s", exercise: "interval",
                         item: "M3", expectedMIDI: 64, playedMIDI: seq <= 3 ? 65 : 64, correct: seq > 3, attempt: 1, responseSeconds: 1, cents: nil)
        }
        _ = try store.push(AnswerPush(after: 0, through: 10, sentAt: now, answers: answers), from: box)
        return (store, student)
    }

    static func signedIn(_ client: some TestClientProtocol) async throws -> HTTPFields {
        let response = try await client.execute(uri: "/teacher/login", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                                body: ByteBuffer(string: "password=a+long+password"))
        #expect(response.status == .seeOther)
        let cookie = try #require(response.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        return [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"]
    }

    @Test("a wrong password is refused; signed in, the class page shows the heat map over the days asked")
    func classPage() async throws {
        let (store, _) = try Self.hub()
        let app = try buildHub(configuration: HubConfiguration(host: "127.0.0.1", port: 0, certificate: nil), store: store,
                               teacher: TeacherLogin(), logger: Self.logger)
        try await app.test(.router) { client in
            try await client.execute(uri: "/teacher", method: .get) { #expect($0.status == .seeOther) }
            try await client.execute(uri: "/teacher/login", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                                     body: ByteBuffer(string: "password=guess")) { #expect($0.status == .unauthorized) }
            let headers = try await Self.signedIn(client)
            let page = String(buffer: try await client.execute(uri: "/teacher?days=30", method: .get, headers: headers).body)
            #expect(page.contains("The last 30 days") && page.contains("Bea"))
            #expect(page.contains(#"title="7 right, 3 wrong">70</td>"#), "the heat map's cell")
            #expect(page.contains("1 student; 1 practised in the last 30 days") && !page.contains("Find a student") && !page.contains("Page 1"),
                    "a class on one page: no search, no pages")
        }
    }

    @Test("a code page gives the join command with the hub's address as the browser reached it, and the code as a QR code")
    func code() async throws {
        let (store, _) = try Self.hub()
        let app = try buildHub(configuration: HubConfiguration(host: "127.0.0.1", port: 0, certificate: nil), store: store,
                               teacher: TeacherLogin(), logger: Self.logger)
        try await app.test(.router) { client in
            let headers = try await Self.signedIn(client)
            let page = String(buffer: try await client.execute(uri: "/teacher/codes", method: .post, headers: headers,
                                                               body: ByteBuffer(string: "student=Cem")).body)
            #expect(page.contains("eartrainctl class join http://localhost "), "the hub as the browser reached it: \(page)")
            #expect(page.contains("<svg role=\"img\" aria-label=\"the code as a QR code\""))
        }
        #expect(try store.students(days: 0...0).map(\.name).sorted() == ["Bea", "Cem"])
    }

    @Test("a student is deleted only with their name typed again")
    func delete() async throws {
        let (store, student) = try Self.hub()
        let app = try buildHub(configuration: HubConfiguration(host: "127.0.0.1", port: 0, certificate: nil), store: store,
                               teacher: TeacherLogin(), logger: Self.logger)
        try await app.test(.router) { client in
            let headers = try await Self.signedIn(client)
            try await client.execute(uri: "/teacher/students/\(student)/delete", method: .post, headers: headers,
                                     body: ByteBuffer(string: "confirm=Bee")) { #expect($0.status == .badRequest) }
            #expect(try store.answerCounts().values.reduce(0, +) == 10)
            try await client.execute(uri: "/teacher/students/\(student)/delete", method: .post, headers: headers,
                                     body: ByteBuffer(string: "confirm=Bea")) { #expect($0.status == .seeOther) }
            #expect(try store.answerCounts().isEmpty && store.students(days: 0...0).isEmpty)
        }
    }
}
