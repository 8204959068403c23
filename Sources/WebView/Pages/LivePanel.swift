import ClientViews
import ControlProtocol
import Foundation
import Training

/// The live part of the page: the exercise, the question, the staff, the keys judged, the counts
/// and the clock. A pure function of what `eartrainctl watch` folds from `status` and the events
/// (`WatchState`), so it shows what `watch` shows and no more: nothing here names an open
/// question's answer, since neither `status` nor a wrong try's event does. It is the page's
/// `#live` section when served, and the `html` of every message the WebSocket sends.
public enum LivePanel {
    /// The panel's HTML at `elapsed` session seconds; `ready` is the exercise the next key begins.
    /// `plan` is where the student is in the lesson plan the box follows.
    public static func html(_ state: WatchState, ready: ReadyStatus?, plan: PlanStatus? = nil, elapsed: Double) -> String {
        let tuner = state.heard.map { [TunerFigure.html($0)] } ?? []
        if state.running { return ([session(state, elapsed: elapsed)] + tuner).joined(separator: "\n") }
        var parts: [String] = []
        if let results = state.results {
            parts.append(#"<h1 id="exercise">Session ended</h1>"#)
            parts.append(ResultsPage.summary(results))
            parts.append(#"<p><a class="button" href="/results">All the results</a></p>"#)
        } else {
            parts.append(#"<h1 id="exercise">No session running</h1>"#)
        }
        if let ready {
            parts.append(#"<p class="ready">The next key played begins <strong>\#(HTML.escaped(ready.exercise))</strong>.</p>"#)
        }
        if let plan { parts.append(planLine(plan)) }
        return (parts + tuner).joined(separator: "\n")
    }

    /// Where the student is in the lesson plan: "Lesson 3 of 10: major and minor thirds", and
    /// what its answers reach against its goal.
    static func planLine(_ plan: PlanStatus) -> String {
        if plan.complete { return #"<p class="plan">\#(HTML.escaped(plan.name)): <strong>complete</strong>.</p>"# }
        return #"<p class="plan">\#(HTML.escaped(plan.name)), lesson \#(plan.lesson) of \#(plan.lessons): <strong>\#(HTML.escaped(plan.title))</strong>"#
            + #" (\#(HTML.escaped(plan.reached)); goal: \#(HTML.escaped(plan.goal))).</p>"#
    }

    private static func session(_ state: WatchState, elapsed: Double) -> String {
        var parts: [String] = []
        parts.append(#"<div class="top"><h1 id="exercise">\#(HTML.escaped(state.exercise))</h1>"#
            + #"<p class="clock">session <span id="clock" data-seconds="\#(String(format: "%.3f", elapsed))" data-running="1">\#(clock(elapsed))</span></p></div>"#)
        var detail: [String] = []
        if let root = state.root { detail.append("root <strong>\(HTML.escaped(root))</strong>") }
        if let more = state.detail { detail.append(HTML.escaped(more)) }
        if state.counted {
            if state.questionNumber > 0 { detail.append("round \(state.questionNumber)") }
        } else {
            let number = state.questionNumber > 0 ? "question \(state.questionNumber): " : "question: "
            parts.append(#"<p class="question">\#(number)<strong>\#(HTML.escaped(state.question))</strong></p>"#)
        }
        if !detail.isEmpty { parts.append(#"<p class="detail">\#(detail.joined(separator: " · "))</p>"#) }
        if state.counted {
            let total = max(1, state.total)
            parts.append(#"<p class="progress"><label for="progress">progress</label> <progress id="progress" max="\#(total)" value="\#(min(state.progress, total))">\#(state.progress)/\#(total)</progress> <span>\#(state.progress)/\#(total)</span></p>"#)
        }
        parts.append(last(state))
        parts.append(judged(state.judged))
        let average = state.averageResponse.map { String(format: "%.2f s", $0) } ?? "–"
        parts.append(HTML.counts([
            ("correct", "\(state.correct)"), ("errors", "\(state.errors)"),
            ("error rate", String(format: "%.0f%%", state.errorRate * 100)), ("average response", average),
        ], ids: ["correct", "errors"]))
        if let figure = answerFigure(state) { parts.append(figure) }
        let shown = state.finishedRound ?? state.staff
        let staff = SVGStaff(shown, slots: state.counted ? state.total : 2, title: "the staff: " + staffWords(shown), clef: state.clef)
        parts.append(#"<figure class="staff">\#(staff.element())</figure>"#)
        if state.finishedRound != nil {
            parts.append(#"<p class="note">\#(state.counted ? "Round complete: play the next root." : "Answered: now the next question.")</p>"#)
        }
        return parts.joined(separator: "\n")
    }

    /// The last answer drawn once its question closed (a rhythm's notation with each onset
    /// marked, an intonation answer on its scale), framed as the answer was; else an open
    /// rhythm's empty bars, its meter alone.
    private static func answerFigure(_ state: WatchState) -> String? {
        if let drawing = state.answerDrawing {
            let kind = state.lastAnswer?.correct.map { $0 ? "right" : "wrong" } ?? "revealed"
            let legend = drawing.legend.map { #"<br><span class="legend">\#(HTML.escaped($0))</span>"# } ?? ""
            return #"<figure class="answer \#(kind)" id="answer-drawing">\#(drawing.svg())<figcaption>\#(HTML.escaped(drawing.words))\#(legend)</figcaption></figure>"#
        }
        guard let bars = state.openBars else { return nil }
        let svg = SVGRhythm(emptyBars: bars.bars, meter: bars.meter).element(title: bars.words)
        return #"<figure class="answer open" id="open-bars">\#(svg)<figcaption>\#(HTML.escaped(bars.words))</figcaption></figure>"#
    }

    /// The last key judged, green for right, red for wrong, plain for a revealed answer.
    private static func last(_ state: WatchState) -> String {
        guard let answer = state.lastAnswer else { return #"<p class="last">last: –</p>"# }
        let kind = answer.correct.map { $0 ? "right" : "wrong" } ?? "revealed"
        return #"<p class="last \#(kind)">last: <strong>\#(HTML.escaped(answer.text))</strong></p>"#
    }

    /// The keys judged in this question, each green (✓) or red (✗), with the words for a screen reader.
    private static func judged(_ notes: [JudgedNote]) -> String {
        guard !notes.isEmpty else { return #"<ol class="judged" aria-label="keys played in this question"></ol>"# }
        let items = notes.map { note in
            #"<li class="\#(note.correct ? "right" : "wrong")">\#(HTML.escaped(note.played))<span aria-hidden="true"> \#(note.correct ? "✓" : "✗")</span><span class="sr-only"> \#(note.correct ? "right" : "wrong")</span></li>"#
        }
        return #"<ol class="judged" aria-label="keys played in this question">\#(items.joined())</ol>"#
    }

    /// What the screen reader says of the staff: its notes by name.
    private static func staffWords(_ notes: [StaffEntry]) -> String {
        notes.isEmpty ? "empty" : notes.map(\.note).joined(separator: " ")
    }

    /// The session clock as `watch` shows it: whole seconds, then minutes.
    static func clock(_ seconds: Double) -> String {
        seconds < 60 ? "\(Int(seconds))s" : ResultsScreen.duration(seconds)
    }

    /// What a screen reader is told of an event: the key judged, or the answer revealed.
    public static func announcement(_ event: EventReport, state: WatchState) -> String? {
        switch event.type {
        case "note_judged", "answer_revealed": state.lastAnswer.map { $0.text.replacingOccurrences(of: "✓", with: "right").replacingOccurrences(of: "✗", with: "wrong") }
        case "session_ended": "session ended"
        default: nil
        }
    }
}
