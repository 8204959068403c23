import Foundation
import Markup
import QRCode

/// The teacher's pages as HTML: small, readable on a phone, no script.
enum TeacherPages {
    static func escape(_ text: String) -> String { text.markupEscaped }

    static func page(_ title: String, _ body: String) -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        body{font-family:system-ui,sans-serif;margin:1rem;max-width:60rem}
        table{border-collapse:collapse;font-size:.9rem}td,th{padding:.3rem .4rem;border:1px solid #ccc;text-align:center}
        th.item{writing-mode:vertical-rl;transform:rotate(180deg);font-weight:normal}
        .wrap{overflow-x:auto}.muted{color:#595959}code{font-size:1.1rem;word-break:break-all}
        form.inline{display:inline}label{display:block;margin:.5rem 0 .2rem}
        button,input{min-height:44px;font-size:1rem;box-sizing:border-box}input{width:100%;max-width:24rem}
        td a,.pager a{display:inline-block;min-height:44px;line-height:44px;min-width:44px}
        </style></head><body><h1>\(escape(title))</h1>\(body)</body></html>
        """
    }

    static func login(_ message: String? = nil) -> String {
        page("Class: sign in", """
            \(message.map { "<p>\(escape($0))</p>" } ?? "")
            <form method="post" action="/teacher/login">
            <label for="password">Password</label><input id="password" type="password" name="password" autocomplete="current-password" autofocus>
            <p><button>Sign in</button></p></form>
            """)
    }

    /// A cell's colour: red at 50 % right or less, green at 100 %.
    static func colour(_ accuracy: Double) -> String {
        let hue = Int((max(0, accuracy - 0.5) * 2 * 120).rounded())
        return "hsl(\(hue),70%,80%)"
    }

    /// The class page: `students` and `figures` are those of `listing`'s page.
    static func overview(students: [StudentSummary], figures: [ItemFigures], boxes: [HubStore.Box], week: ClosedRange<Int64>,
                         listing: ClassListing, assignments: [HubStore.AssignmentEntry] = []) -> String {
        let items = Array(Set(figures.map { "\($0.exercise) \($0.item)" })).sorted()
        let byStudent = Dictionary(grouping: figures, by: \.student)
        var heat = "<div class=\"wrap\"><table><tr><th>Student</th>"
        for item in items { heat += "<th class=\"item\">\(escape(item))</th>" }
        heat += "</tr>"
        for student in students {
            heat += "<tr><td><a href=\"/teacher/students/\(escape(student.id))\">\(escape(student.name))</a></td>"
            let cells = Dictionary(uniqueKeysWithValues: (byStudent[student.id] ?? []).map { ("\($0.exercise) \($0.item)", $0) })
            for item in items {
                if let cell = cells[item], let accuracy = cell.accuracy {
                    let title = "\(cell.correct) right, \(cell.wrong) wrong"
                    heat += "<td style=\"background:\(colour(accuracy))\" title=\"\(title)\">\(Int((accuracy * 100).rounded()))</td>"
                } else {
                    heat += "<td class=\"muted\">–</td>"
                }
            }
            heat += "</tr>"
        }
        heat += "</table></div>"
        var practised = "<div class=\"wrap\"><table><tr><th>Student</th><th>Days</th><th>Answers</th></tr>"
        for student in students {
            practised += "<tr><td>\(escape(student.name))</td><td>\(student.daysPractised)</td><td>\(student.answers)</td></tr>"
        }
        practised += "</table></div>"
        var boxRows = "<div class=\"wrap\"><table><tr><th>Box</th><th>Last push</th><th>Remove</th></tr>"
        for box in boxes where box.leftAt == nil {
            let last = box.lastPushAt.map { Date(timeIntervalSince1970: $0).formatted(.iso8601) } ?? "never"
            boxRows += "<tr><td>\(escape(box.name))</td><td>\(escape(last))</td><td><form class=\"inline\" method=\"post\" "
                + "action=\"/teacher/boxes/\(escape(box.id))/remove\"><button>Remove</button></form></td></tr>"
        }
        boxRows += "</table></div>"
        let names = Dictionary(students.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var planRows = "<p class=\"muted\">None: each box follows its own config's plan. "
            + "<code>eartrainer-hub assign PLAN.toml [--student NAME]</code> assigns one.</p>"
        if !assignments.isEmpty {
            planRows = "<div class=\"wrap\"><table><tr><th>Plan</th><th>For</th><th>Assigned</th></tr>"
            for assignment in assignments {
                let who = assignment.student.map { names[$0] ?? $0 } ?? "the class"
                let when = Date(timeIntervalSince1970: assignment.createdAt).formatted(.iso8601.year().month().day())
                planRows += "<tr><td>\(escape(assignment.title))</td><td>\(escape(who))</td><td>\(when)</td></tr>"
            }
            planRows += "</table></div>"
        }
        let span = week.upperBound - week.lowerBound + 1
        let ranges = ([7, 30, 90] as [Int64]).map { days in
            days == span ? "<strong>\(days) days</strong>" : "<a href=\"\(escape(listing.link(days: days, page: 1)))\">\(days) days</a>"
        }.joined(separator: " · ")
        return page("Class", """
            <p>\(ranges)</p>\(find(listing, days: span))\(pager(listing, days: span))
            <h2>The last \(span) days (% right per item)</h2>\(heat)
            <h2>Who practised (the last \(span) days)</h2>\(practised)\(pager(listing, days: span))
            <h2>Lesson plans assigned</h2>\(planRows)
            <h2>Boxes</h2>\(boxRows)
            <h2>Add a student</h2>
            <form method="post" action="/teacher/codes"><label for="student">The student's name</label><input id="student" name="student">
            <p><button>Make a one-time code</button></p></form>
            <form method="post" action="/teacher/logout"><p><button>Sign out</button></p></form>
            """)
    }

    /// The search by name (for a class of more than a page), and how many students it found and
    /// how many of them practised.
    static func find(_ listing: ClassListing, days: Int64) -> String {
        let count = listing.matching == 1 ? "1 student" : "\(listing.matching) students"
        let who = listing.search.isEmpty ? count : "\(count) named like “\(escape(listing.search))”"
        let counts = "<p>\(who); \(listing.practised) practised in the last \(days) days.</p>"
        guard listing.offersSearch else { return counts }
        return """
            <form method="get" action="/teacher"><input type="hidden" name="days" value="\(days)">
            <label for="find">Find a student</label><input id="find" name="q" type="search" value="\(escape(listing.search))">
            <p><button>Find</button>\(listing.search.isEmpty ? "" : " <a href=\"/teacher?days=\(days)\">Everyone</a>")</p></form>
            \(counts)
            """
    }

    /// Previous, page N of M, next: nothing when one page holds them all.
    static func pager(_ listing: ClassListing, days: Int64) -> String {
        guard listing.pageCount > 1 else { return "" }
        let previous = listing.page > 1 ? "<a href=\"\(escape(listing.link(days: days, page: listing.page - 1)))\" rel=\"prev\">Previous</a> · " : ""
        let next = listing.page < listing.pageCount
            ? " · <a href=\"\(escape(listing.link(days: days, page: listing.page + 1)))\" rel=\"next\">Next</a>" : ""
        return "<p class=\"pager\">\(previous)Page \(listing.page) of \(listing.pageCount)\(next)</p>"
    }

    static func code(_ code: String, student: String, hub: String) -> String {
        let command = "eartrainctl class join \(hub) \(code)"
        return page("A code for \(student)", """
            <p>On \(escape(student))'s box: <code>\(escape(command))</code></p>
            <p>Or on the phone paired with the box, its class page: the hub's address <code>\(escape(hub))</code> and the code
            <code>\(escape(code))</code>, which this QR code also carries.</p>
            \(qr(code) ?? "")
            <p>The code works once, for a week.</p><p><a href="/teacher">Back</a></p>
            """)
    }

    /// `text` as a QR code in SVG (libqrencode), a module a square of 6 px with a quiet zone of 4.
    static func qr(_ text: String) -> String? {
        guard let code = QRCode(text) else { return nil }
        let size = code.modules.count + 8
        var squares = ""
        for (row, line) in code.modules.enumerated() {
            for (column, dark) in line.enumerated() where dark {
                squares += "M\(column + 4) \(row + 4)h1v1h-1z"
            }
        }
        return "<svg role=\"img\" aria-label=\"the code as a QR code\" viewBox=\"0 0 \(size) \(size)\" width=\"\(size * 6)\" "
            + "height=\"\(size * 6)\" style=\"max-width:100%;height:auto;background:#fff\"><path d=\"\(squares)\" fill=\"#000\"/></svg>"
    }

    static func student(id: String, name: String, weak: [ItemFigures], days: [DayFigures]) -> String {
        var weakRows = "<div class=\"wrap\"><table><tr><th>Item</th><th>Right</th><th>Answers</th><th>Cents</th></tr>"
        for item in weak {
            let cents = item.meanAbsoluteCents.map { String(format: "%.1f", $0) } ?? ""
            weakRows += "<tr><td>\(escape(item.exercise)) \(escape(item.item))</td>"
                + "<td>\(Int(((item.accuracy ?? 0) * 100).rounded())) %</td><td>\(item.correct + item.wrong)</td><td>\(cents)</td></tr>"
        }
        weakRows += "</table></div>"
        var dayRows = "<div class=\"wrap\"><table><tr><th>Day</th><th>Right</th><th>Wrong</th></tr>"
        for day in days.reversed() {
            let date = Date(timeIntervalSince1970: Double(day.day) * 86_400).formatted(.iso8601.year().month().day())
            dayRows += "<tr><td>\(date)</td><td>\(day.correct)</td><td>\(day.wrong)</td></tr>"
        }
        dayRows += "</table></div>"
        let delete = """
            <h2>Delete</h2><p>Every answer and figure of \(escape(name)) goes, and their boxes leave the class.</p>
            <form method="post" action="/teacher/students/\(escape(id))/delete"><label for="confirm">Type the name to delete</label>
            <input id="confirm" name="confirm" autocomplete="off"><p><button>Delete \(escape(name))</button></p></form>
            """
        return page(name, "<h2>Weakest items (60 days)</h2>\(weakRows)<p class=\"muted\">Cents: the mean size of the error of the answers "
                    + "measured in cents (sung notes, matched pitches): the student's threshold in tune.</p>"
                    + "<h2>Day by day</h2>\(dayRows)\(delete)<p><a href=\"/teacher\">Back</a></p>")
    }
}
