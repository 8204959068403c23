import ClientViews
import ControlProtocol
import ProcessTestSupport
import Testing
import Training
@testable import WebView

@Suite(.cpuHeavy) struct LivePageTests {
    @Test("the live page shows the exercise, the prompt, the counts, the progress and the staff as SVG")
    func scalePage() {
        let html = LivePage.html(status: Fixtures.scaleStatus(), controls: .init())
        #expect(html.contains("D3 dorian scale"))
        #expect(html.contains("W-H-W-W-W-H-W"))
        #expect(html.contains(#"<dd id="correct">2</dd>"#))
        #expect(html.contains(#"<dd id="errors">1</dd>"#))
        #expect(html.contains(#"<progress id="progress" max="8" value="2">"#))
        #expect(html.contains(#"data-seconds="12.400""#))
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!html.contains("<?xml"), "the SVG is inlined as an element, without its XML declaration")
        #expect(html.contains(#"data-note="D3""#) && html.contains(#"data-note="E3""#))
        #expect(html.contains(#"<li class="right">D3"#) && html.contains(#"<li class="wrong">G3"#), "each key played, green or red")
        #expect(html.contains(#"action="/session/repeat""#) && html.contains(#"action="/session/stop""#))
        #expect(html.contains(#"<script src="/static/live.js" defer>"#))
    }

    @Test("the staff is the one staff --svg draws, in the session's clef")
    func sameStaff() {
        let status = Fixtures.scaleStatus()
        let staff = SVGStaff(status.session!.staff!.notes, slots: 8, title: "the staff: D3 E3", clef: .auto)
        #expect(LivePage.html(status: status, controls: .init()).contains(staff.element()))
    }

    @Test("an open interval question's answer is on the page neither from status nor after a wrong try")
    func noGiveAway() {
        let status = Fixtures.intervalStatus()
        // The start form (hidden while a session runs) offers every root, E3 among them: not an answer.
        let page = LivePage.html(status: status, controls: .init()).replacing(#/<section id="start"[\s\S]*?<\/section>/#, with: "")
        #expect(page.contains("major third up from C3") && page.contains(#"<section id="controls""#))
        #expect(!page.contains("E3"), "the answer, E3, is not on the page")
        var state = WatchState()
        state.apply(status: status.session)
        state.apply(Fixtures.wrongIntervalTry(seq: 9))
        let panel = LivePanel.html(state, ready: nil, elapsed: 4)
        #expect(panel.contains(#"<li class="wrong">D#3"#))
        #expect(panel.contains("try 2"))
        #expect(!panel.contains("E3"))
    }

    @Test("a right note turns green and the counts and progress follow it")
    func rightNote() {
        var state = WatchState()
        state.apply(status: Fixtures.scaleStatus().session)
        state.apply(Fixtures.rightScaleNote(seq: 10))
        let panel = LivePanel.html(state, ready: nil, elapsed: 13)
        #expect(panel.contains(#"<p class="last right">last: <strong>F3 ✓</strong>"#))
        #expect(panel.contains(#"<dd id="correct">3</dd>"#))
        #expect(panel.contains(#"value="3""#))
        #expect(panel.contains(#"data-note="F3""#))
        #expect(LivePanel.announcement(Fixtures.rightScaleNote(seq: 10), state: state) == "F3 right")
    }

    @Test("with no session the page says so, names the exercise a key begins and offers every kind")
    func idle() {
        let html = LivePage.html(status: Fixtures.idleStatus(), controls: .init())
        #expect(html.contains("No session running"))
        #expect(html.contains("The next key played begins <strong>D dorian scale</strong>"))
        for kind in ExerciseKind.names {
            #expect(html.contains(#"<input type="hidden" name="kind" value="\#(kind)">"#))
        }
        #expect(html.contains(#"class="controls" aria-label="session controls" hidden"#))
    }

    @Test("with a lesson plan the idle page names the lesson and how far its answers are from the goal, escaped")
    func plan() {
        var status = Fixtures.idleStatus()
        status.plan = PlanStatus(name: "Thirds & <sixths>", lesson: 3, lessons: 10, id: "thirds", title: "major and minor thirds",
                                 exercise: "heard intervals m3 M3", goal: "85 % right over the last 30 answers", counted: 14, needed: 30,
                                 figure: "86 % right", complete: false)
        let html = LivePage.html(status: status, controls: .init())
        #expect(html.contains(#"<p class="plan">Thirds &amp; &lt;sixths&gt;, lesson 3 of 10: <strong>major and minor thirds</strong> (86 % right over 14 of 30 answers; goal: 85 % right over the last 30 answers).</p>"#), "\(html)")
        status.plan?.complete = true
        #expect(LivePage.html(status: status, controls: .init()).contains("<strong>complete</strong>"))
    }

    @Test("a peer not allowed to control sees no forms, and is told why")
    func noControls() {
        let html = LivePage.html(status: Fixtures.scaleStatus(), controls: nil)
        #expect(!html.contains("<form"))
        #expect(html.contains(#"<a href="/pair">pair this browser</a>"#))
    }

    @Test("text from the daemon is escaped")
    func escaped() {
        var status = Fixtures.idleStatus()
        status.ready = ReadyStatus(kind: status.ready!.kind, exercise: "<script>alert(1)</script>")
        let html = LivePage.html(status: status, controls: .init())
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test("the results page has the figures, the breakdown per degree and what was played instead")
    func results() {
        let html = ResultsPage.html(Fixtures.results)
        #expect(html.contains("<dt>correct</dt><dd>2</dd>"))
        #expect(html.contains("<dt>session</dt><dd>1m 15s</dd>"))
        #expect(html.contains("<dt>error rate</dt><dd>33.3%</dd>"))
        #expect(html.contains("<h2>Per degree</h2>"))
        #expect(html.contains(#"<th scope="row">degree 3</th>"#))
        #expect(html.contains("degree 3 → P4"))
    }
}
