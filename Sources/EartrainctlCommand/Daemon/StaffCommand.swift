import ArgumentParser
import ClientViews
import ControlProtocol
import Foundation
import Training

/// `eartrainctl staff`: the open question's bass staff (or the last one's), as text or SVG.
struct StaffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff",
        abstract: "Draw the current round's staff (or the last round's when the current one is still empty).")

    @Flag(help: "Draw the round finished last, even if the current one has notes.") var last = false
    @Option(help: "Write the staff as an SVG file instead of printing it.") var svg: String?
    @Flag(help: "Also show the wrong attempts (in red in the SVG; listed under the text staff).") var wrong = false
    @Option(help: "The clef: auto, bass, treble or grand (default: the daemon's training.clef).") var clef: ClefChoice?
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let status = try Wire.decode(StatusResult.self, from: try await connection.call(Method.status.rawValue))
        guard let session = status.session else {
            printError("eartrainctl: no session is running; start one with `eartrainctl start scale --mode dorian --root D`")
            throw ExitCode(ExitCodes.daemonError)
        }
        guard let (staff, which) = Self.choose(current: session.staff, last: session.lastStaff, forceLast: last) else {
            printError("eartrainctl: no round has been drawn yet")
            throw ExitCode(ExitCodes.daemonError)
        }
        let slots = session.total ?? 0
        let clef = clef?.clef ?? session.clef ?? .auto
        if let svg {
            let drawing = SVGStaff(staff.notes, wrong: wrong ? staff.wrong : [], slots: slots, title: staff.question, clef: clef)
            do {
                try drawing.document().write(toFile: svg, atomically: true, encoding: .utf8)
            } catch {
                printError("eartrainctl: cannot write \(svg): \(error.localizedDescription)")
                throw ExitCode(ExitCodes.cannotWrite)
            }
            print(connection.json ? Wire.encode(["svg": svg]) : "wrote \(svg) (\(which): \(staff.question))")
        } else if connection.json {
            print(Wire.encode(staff))
        } else {
            print("\(staff.question)  (\(which))")
            print(TextStaff(staff.notes, slots: slots, clef: clef).lines().joined(separator: "\n"))
            if wrong, !staff.wrong.isEmpty {
                print("wrong: " + staff.wrong.map(\.note).joined(separator: " "))
            }
        }
    }

    /// The current round once anything beyond its root is drawn, else the one before it.
    static func choose(current: RoundStaff?, last: RoundStaff?, forceLast: Bool) -> (RoundStaff, String)? {
        if forceLast { return last.map { ($0, "last round") } }
        if let current, current.notes.contains(where: { $0.role != "root" }) || last == nil { return (current, "current round") }
        return last.map { ($0, "last round") }
    }
}

/// `--clef`: a clef by name; an unknown one is refused with the list.
struct ClefChoice: ExpressibleByArgument {
    let clef: Clef
    init?(argument: String) {
        guard let clef = Clef.named(argument) else { return nil }
        self.clef = clef
    }
    static var allValueStrings: [String] { Clef.allCases.map(\.rawValue) }
}
