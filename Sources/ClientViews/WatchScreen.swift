import ControlProtocol
import Foundation

/// The full screen of `eartrainctl watch`, as lines: a pure function of the state and the clock,
/// so the terminal code only has to paint it. Fits 80×24; colours are ANSI SGR codes, or none.
public struct WatchScreen: Sendable {
    /// The screen's size in columns and rows.
    public var width: Int
    public var height: Int
    /// Colour the last answer green or red (and revealed notes yellow).
    public var colour: Bool

    /// A screen of `width`×`height`.
    public init(width: Int = 80, height: Int = 24, colour: Bool = true) {
        self.width = max(20, width)
        self.height = max(5, height)
        self.colour = colour
    }

    static let green = "\u{1B}[32m", red = "\u{1B}[31m", yellow = "\u{1B}[33m", bold = "\u{1B}[1m", reset = "\u{1B}[0m"

    /// The screen's lines (at most `height`), `elapsed` being the session's seconds now.
    public func lines(_ state: WatchState, elapsed: Double) -> [String] {
        var lines: [String] = []
        // Whole seconds: the clock ticks once a second between events.
        let clock = state.running ? "session " + (elapsed < 60 ? "\(Int(elapsed))s" : ResultsScreen.duration(elapsed)) : ""
        let title = "eartrainer watch" + (state.exercise.isEmpty ? "" : " · \(state.exercise)")
        let gap = max(1, width - title.count - clock.count)
        lines.append(paint(fit(title + String(repeating: " ", count: gap) + clock), Self.bold))
        if state.running {
            lines += session(state)
        } else if let results = state.results {
            lines.append("session ended")
            lines.append("")
            lines += ResultsScreen.lines(results).map(fit)
        } else {
            lines.append("no session running: start one with `eartrainctl start scale --mode dorian --root D`")
        }
        let footer = "q quit"
        // What the listening input hears, on the last line above the footer, whatever else fits.
        let heard = state.heard.map { fit("♪ " + TunerLine.text($0)) }
        let room = height - 1 - (heard == nil ? 0 : 1)
        if lines.count > room { lines = Array(lines.prefix(room)) }
        if let heard {
            lines += Array(repeating: "", count: room - lines.count)
            lines.append(heard)
        }
        lines += Array(repeating: "", count: height - 1 - lines.count)
        lines.append(footer)
        return lines
    }

    private func session(_ state: WatchState) -> [String] {
        var lines: [String] = []
        if state.counted {
            let round = state.questionNumber > 0 ? "   round \(state.questionNumber)" : ""
            lines.append(fit("root \(state.root ?? "-")" + (state.detail.map { "   \($0)" } ?? "") + round))
            lines.append(fit("progress [\(ResultsScreen.bar(Double(state.progress) / Double(max(1, state.total)), width: 24))] \(state.progress)/\(state.total)"))
        } else {
            lines.append(fit((state.questionNumber > 0 ? "question \(state.questionNumber): " : "question: ") + state.question))
            lines.append(fit("root \(state.root ?? "-")" + (state.detail.map { "   \($0)" } ?? "")))
        }
        if let answer = state.lastAnswer {
            let colourCode = answer.correct.map { $0 ? Self.green : Self.red } ?? Self.yellow
            lines.append("last  " + paint(fit(answer.text), colourCode))
        } else {
            lines.append("last  -")
        }
        let average = state.averageResponse.map { String(format: "%.2fs", $0) } ?? "-"
        lines.append(fit("correct \(state.correct)   errors \(state.errors)   "
            + String(format: "error rate %.1f%%", state.errorRate * 100) + "   avg response \(average)"))
        lines.append("")
        let art = drawing(state)
        lines += art
        let shown = state.finishedRound ?? state.staff
        let staff = TextStaff(shown, slots: state.counted ? state.total : 2, clef: state.clef).rows()
        // Under an answer's drawing the staff comes only when it fits whole, between the title
        // and the footer (a rhythm's staff shows nothing the root line does not).
        if art.isEmpty || 1 + lines.count + staff.count + 1 <= height - 1 {
            for row in staff {
                lines.append(paintRow(row))
            }
        }
        if state.finishedRound != nil {
            lines.append(state.counted ? "round complete: play the next root" : "answered: now the next question")
        }
        return lines
    }

    /// The last answer's drawing with its words, coloured as the answer was; or the open
    /// question's empty bars (a rhythm's: its meter, never its pattern).
    private func drawing(_ state: WatchState) -> [String] {
        if let drawing = state.answerDrawing {
            let code = state.lastAnswer?.correct.map { $0 ? Self.green : Self.red } ?? Self.yellow
            return [paint(fit("answer: " + drawing.words), code)] + drawing.rows(width: width).map(fit)
                + (drawing.legend.map { [fit($0)] } ?? []) + [""]
        }
        if let bars = state.openBars {
            return TextRhythm(emptyBars: bars.bars, meter: bars.meter, width: width).rows().map(fit) + [fit(bars.words), ""]
        }
        return []
    }

    /// One staff row, noteheads coloured by role, cut to the width, trailing spaces dropped.
    private func paintRow(_ row: [TextStaff.Cell]) -> String {
        var cells = Array(row.prefix(width))
        while cells.last?.text == " " { cells.removeLast() }
        return cells.map { cell in
            cell.role == "revealed" ? paint(cell.text, Self.yellow) : cell.text
        }.joined()
    }

    private func fit(_ text: String) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }

    private func paint(_ text: String, _ code: String) -> String {
        colour ? code + text + Self.reset : text
    }
}
