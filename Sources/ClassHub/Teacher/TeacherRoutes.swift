import Foundation
import Hummingbird
import NIOCore
import NIOPosix

/// The teacher's pages under `/teacher`, behind the teacher's password: the class this week,
/// a student, one-time codes, removing a box, deleting a student. A form is taken only from the
/// hub's own pages (the session cookie is `SameSite=Strict`).
struct TeacherRoutes {
    let store: HubStore
    let login: TeacherLogin
    /// The fingerprint a code carries; empty on plain HTTP.
    let fingerprint: String
    static let cookie = "hub_session"

    func add(to router: Router<HubRequestContext>) {
        router.get("/teacher/login") { _, _ in Self.html(TeacherPages.login()) }
        router.post("/teacher/login") { request, context in
            let address = context.peerAddress ?? "?"
            let wait = login.wait(for: address)
            guard wait == 0 else { return Self.html(TeacherPages.login("Too many tries: wait \(Int(wait.rounded(.up))) s."), status: .tooManyRequests) }
            let form = try await Self.form(request)
            let right = try await Self.blocking { try store.isTeacherPassword(form["password"] ?? "") }
            guard right else {
                login.failed(from: address)
                return Self.html(TeacherPages.login("That is not the password."), status: .unauthorized)
            }
            login.succeeded(from: address)
            var response = Self.seeOther("/teacher")
            response.headers[.setCookie] = "\(Self.cookie)=\(login.signIn()); Path=/teacher; HttpOnly; SameSite=Strict"
                + (fingerprint.isEmpty ? "" : "; Secure")
            return response
        }
        router.post("/teacher/logout") { request, _ in
            login.signOut(Self.session(request))
            return Self.seeOther("/teacher/login")
        }
        router.get("/teacher") { request, _ in
            guard login.isSignedIn(Self.session(request)) else { return Self.seeOther("/teacher/login") }
            // The last `days` days (7 unless asked, 1 to 366), today's included; the students
            // whose names hold `q`, a page of them.
            let query = Self.fields(request.uri.query ?? "")
            let days = query["days"].flatMap { Int64($0) }.map { min(max($0, 1), 366) } ?? 7
            let today = Int64((Date().timeIntervalSince1970 / 86_400).rounded(.down))
            let range = (today - days + 1)...today
            let page = try await Self.blocking {
                let listing = ClassListing(roster: try store.roster(), practised: try store.practised(days: range),
                                           search: query["q"] ?? "", page: query["page"].flatMap { Int($0) } ?? 1)
                // The boxes of the page's students: a school's thousand boxes were 200 KiB of the page.
                let onPage = Set(listing.ids)
                return TeacherPages.overview(students: try store.students(days: range, ids: listing.ids),
                                             figures: try store.itemFigures(days: range, students: listing.ids),
                                             boxes: try store.boxes().filter { $0.student.map(onPage.contains) ?? false },
                                             week: range, listing: listing, assignments: try store.assignments())
            }
            return Self.html(page)
        }
        router.get("/teacher/students/:id") { request, context in
            guard login.isSignedIn(Self.session(request)) else { return Self.seeOther("/teacher/login") }
            let id = context.parameters.get("id") ?? ""
            let today = Int64((Date().timeIntervalSince1970 / 86_400).rounded(.down))
            let range = (today - 59)...today
            let page: String? = try await Self.blocking {
                guard let name = try store.studentName(id) else { return nil }
                let items = try store.itemFigures(days: range, student: id).filter { $0.correct + $0.wrong >= 5 }
                let weak = items.sorted { ($0.accuracy ?? 0) < ($1.accuracy ?? 0) }.prefix(10)
                return TeacherPages.student(id: id, name: name, weak: Array(weak), days: try store.dayFigures(days: range, student: id))
            }
            return page.map { Self.html($0) } ?? Self.html(TeacherPages.page("No such student", ""), status: .notFound)
        }
        router.post("/teacher/codes") { request, _ in
            guard login.isSignedIn(Self.session(request)) else { return Self.seeOther("/teacher/login") }
            let name = (try await Self.form(request))["student"]?.trimmingCharacters(in: .whitespaces) ?? ""
            let secret = try await Self.blocking {
                let student: String? = try name.isEmpty ? nil : store.addStudent(name: name)
                return try store.makeCode(student: student)
            }
            let code = fingerprint.isEmpty ? secret : "\(secret).\(fingerprint)"
            // The hub as the teacher's browser reached it: the boxes are to reach it the same way.
            let hub = (fingerprint.isEmpty ? "http://" : "https://") + (request.head.authority ?? "HOST:PORT")
            return Self.html(TeacherPages.code(code, student: name.isEmpty ? "a new student" : name, hub: hub))
        }
        router.post("/teacher/students/:id/delete") { request, context in
            guard login.isSignedIn(Self.session(request)) else { return Self.seeOther("/teacher/login") }
            let id = context.parameters.get("id") ?? ""
            // The form asks for the student's name typed again: nothing is deleted by a slip.
            let typed = (try await Self.form(request))["confirm"]?.trimmingCharacters(in: .whitespaces) ?? ""
            let deleted: Bool = try await Self.blocking {
                guard try store.studentName(id) == typed else { return false }
                try store.deleteStudent(id)
                return true
            }
            return deleted ? Self.seeOther("/teacher")
                : Self.html(TeacherPages.page("Not deleted", "<p>Type the student's name exactly to delete them.</p><p><a href=\"/teacher/students/\(TeacherPages.escape(id))\">Back</a></p>"),
                            status: .badRequest)
        }
        router.post("/teacher/boxes/:id/remove") { request, context in
            guard login.isSignedIn(Self.session(request)) else { return Self.seeOther("/teacher/login") }
            let id = context.parameters.get("id") ?? ""
            try await Self.blocking { try store.removeBox(id) }
            return Self.seeOther("/teacher")
        }
    }

    static func session(_ request: Request) -> String? {
        guard let header = request.headers[.cookie] else { return nil }
        for part in header.split(separator: ";") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0] == cookie { return String(pair[1]) }
        }
        return nil
    }

    static func form(_ request: Request) async throws -> [String: String] {
        fields(String(buffer: try await request.body.collect(upTo: 4096)))
    }

    /// The fields of a form's body or of a query, `+` read as a space.
    static func fields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return fields
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func seeOther(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    static func blocking<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await NIOThreadPool.singleton.runIfActive(body)
    }
}
