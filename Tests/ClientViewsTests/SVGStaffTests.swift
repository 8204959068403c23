import ClientViews
import ControlProtocol
import Foundation
import ProcessTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif
import MusicTheory
import Testing

@Suite("SVG staff")
struct SVGStaffTests {
    // To look at the picture: KEEP_STAFF_PNG=/tmp/staff.png swift test --filter SVGStaffTests
    // (the SVG is kept beside it as /tmp/staff.png.svg).

    /// The parsed document: the staff lines' y by step, and every element of a class.
    struct Parsed {
        let root: XMLElement
        /// Every element named `name` with that class, in document order.
        func elements(_ name: String, class className: String) throws -> [XMLElement] {
            func walk(_ element: XMLElement) -> [XMLElement] {
                let this = (element.localName ?? element.name) == name
                    && element.value("class") == className ? [element] : []
                return this + (element.children ?? []).compactMap { $0 as? XMLElement }.flatMap(walk)
            }
            return walk(root)
        }
        func number(_ element: XMLElement, _ attribute: String) -> Double? {
            element.value(attribute).flatMap(Double.init)
        }
    }

    static func parse(_ svg: SVGStaff) throws -> Parsed {
        let document = try XMLDocument(xmlString: svg.document(), options: [])
        return Parsed(root: try #require(document.rootElement()))
    }

    /// The bottom line's y and the distance between lines, read from the five staff lines.
    static func staffGeometry(_ parsed: Parsed) throws -> (bottom: Double, gap: Double) {
        let lines = try parsed.elements("line", class: "staff-line")
        #expect(lines.count == 5)
        let ys = lines.compactMap { parsed.number($0, "y1") }.sorted()
        let gaps = zip(ys, ys.dropFirst()).map { $1 - $0 }
        #expect(Set(gaps).count == 1, "lines evenly spaced: \(ys)")
        return (try #require(ys.last), try #require(gaps.first))
    }

    @Test("every notehead sits on its step, for every mode from C, F# and Bb", arguments: Mode.allCases, ["C", "F#", "Bb"])
    func noteheadsOnTheirSteps(mode: Mode, root: String) throws {
        let notes = try StaffFixtures.scale(mode, from: root)
        let parsed = try Self.parse(SVGStaff(notes, slots: max(8, notes.count)))
        let (bottom, gap) = try Self.staffGeometry(parsed)
        let heads = try parsed.elements("ellipse", class: "notehead")
        #expect(heads.count == notes.count)
        var previousX = -Double.infinity
        for (head, note) in zip(heads, notes) {
            #expect(head.value("data-note") == note.note)
            let cy = try #require(parsed.number(head, "cy"))
            #expect(abs(cy - (bottom - Double(note.step) * gap / 2)) < 0.01, "\(note.note) at step \(note.step)")
            let cx = try #require(parsed.number(head, "cx"))
            #expect(cx > previousX, "notes go left to right")
            previousX = cx
            #expect(head.value("fill") == "#000000")
        }
        let signs = try parsed.elements("g", class: "accidental").compactMap { $0.value("data-sign") }
        #expect(signs == notes.compactMap(\.accidental))
    }

    @Test("ledger lines sit at their steps: E2 and C2 below, C4 and E4 above")
    func ledgerLines() throws {
        let notes = try StaffFixtures.notes(["C2", "E2", "C4", "E4"])
        let parsed = try Self.parse(SVGStaff(notes))
        let (bottom, gap) = try Self.staffGeometry(parsed)
        let ledgers = try parsed.elements("line", class: "ledger-line")
        let steps = ledgers.compactMap { $0.value("data-step").flatMap(Int.init) }
        #expect(steps == [-2, -4, -2, 10, 10, 12])
        for line in ledgers {
            let step = try #require(line.value("data-step").flatMap(Int.init))
            #expect(abs(try #require(parsed.number(line, "y1")) - (bottom - Double(step) * gap / 2)) < 0.01)
        }
    }

    @Test("wrong attempts show in red before the note they missed, only when asked")
    func wrongInRed() throws {
        let notes = try StaffFixtures.scale(.dorian, from: "D").prefix(3)
        let wrong = StaffEntry(note: "F#3", step: 6, ledgerLines: [], accidental: "#", role: "wrong", slot: 2)
        let without = try Self.parse(SVGStaff(Array(notes)))
        #expect(try without.elements("ellipse", class: "notehead").count == 3)
        let with = try Self.parse(SVGStaff(Array(notes), wrong: [wrong]))
        let heads = try with.elements("ellipse", class: "notehead")
        #expect(heads.map { $0.value("data-note") ?? "" } == ["D3", "E3", "F#3", "F3"])
        #expect(heads[2].value("fill") == "#d01818")
        #expect(heads[3].value("fill") == "#000000")
    }

    @Test("it renders to a PNG of the document's size with rsvg-convert")
    func rendersToPNG() async throws {
        let staff = SVGStaff(try StaffFixtures.notes(["E2", "F#2", "Bb2", "C3", "Eb3", "A3", "C4", "E4"]))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("staff.svg")
        let png = folder.appendingPathComponent("staff.png")
        try staff.document().write(to: svg, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        process.arguments = ["-o", png.path, svg.path]
        try process.runAlone()
        #expect(await process.exited() == 0)
        let data = try Data(contentsOf: png)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR: width and height, big-endian, at bytes 16 and 20.
        let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == staff.width)
        #expect(height == staff.height)
        #expect(data.count > 1000, "a drawing, not an empty image")
        if let keep = ProcessInfo.processInfo.environment["KEEP_STAFF_PNG"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: png, to: URL(fileURLWithPath: keep))
            try? FileManager.default.removeItem(atPath: keep + ".svg")
            try FileManager.default.copyItem(at: svg, to: URL(fileURLWithPath: keep + ".svg"))
        }
    }
}

extension XMLElement {
    /// An attribute's value. (FoundationXML's `attribute(forName:)` misses them under a default namespace.)
    func value(_ name: String) -> String? {
        attributes?.first { $0.name == name }?.stringValue
    }
}
