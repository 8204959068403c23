import ClientViews
import ControlProtocol
import Foundation
import Testing
@testable import WebView

@Suite struct ProgressPageTests {
    static let page = ProgressPage.html(LifetimeProgress(Fixtures.stats), mayPick: true)

    @Test("the overall figures, and a chart per kind of accuracy and response time per item")
    func items() {
        let html = Self.page
        #expect(html.contains("Progress of bea"))
        #expect(html.contains("<dt>answers</dt><dd>12</dd>") && html.contains("<dt>accuracy</dt><dd>75%</dd>"))
        #expect(html.contains("<dt>practice</dt><dd>4m 10s</dd>"))
        #expect(html.contains("<h3>interval</h3>") && html.contains("<h3>degree</h3>"))
        #expect(html.contains(#"<title id="chart-accuracy-interval-title">Accuracy per interval item</title>"#))
        #expect(html.contains("m3: 100% of 4 answers; P5: 50% of 4 answers"))
        #expect(html.contains("m3: 1.00 s; P5: 2.00 s"))
        #expect(html.contains(#"<th scope="row">P5</th><td data-label="answers">4</td><td data-label="correct">2</td><td data-label="accuracy">50%</td><td data-label="average response">2.00 s</td>"#))
    }

    @Test("the trend over days: accuracy and response per day, for all answers and per kind")
    func days() {
        let html = Self.page
        #expect(html.contains("<h2>Day by day</h2>"))
        #expect(html.contains("<h3>all exercises</h3>"))
        #expect(html.contains("2026-03-28: 63% of 8 answers; 2026-03-29: 100% of 4 answers"))
        #expect(html.contains("2026-03-28: 1.80 s; 2026-03-29: 1.00 s"))
        #expect(html.contains(#"id="chart-days-accuracy-interval-title""#) && html.contains(#"id="chart-days-response-degree-title""#))
        #expect(html.components(separatedBy: "<svg").count - 1 == 4 + 6)
    }

    @Test("a chart draws the last 90 days with answers; the table lists every day")
    func manyDays() {
        let days = (1...100).map { DayFigures(day: "day \($0)", answers: 2, correct: 1, averageResponseSeconds: 1) }
        let stats = StatsGetResult(
            profile: "bea", profiles: [],
            figures: LifetimeFigures(profile: "bea", computedAt: Date(), overall: Figures(answers: 200, correct: 100), byDay: DailyFigures(overall: days)),
            report: "")
        let html = ProgressPage.html(LifetimeProgress(stats), mayPick: true)
        #expect(html.contains("Accuracy per day, the last 90 days with answers"))
        #expect(html.contains("<desc id=\"chart-days-accuracy-all-desc\">day 11: 50% of 2 answers;"))
        #expect(html.contains(#"<th scope="row">day 1</th>"#) && html.contains(#"<th scope="row">day 100</th>"#))
        #expect(html.components(separatedBy: "<circle").count - 1 == 2 * 90)
    }

    @Test("compare's items get a threshold chart in cents; other kinds none")
    func thresholds() {
        let items = [
            "compare octave 3": Figures(answers: 30, correct: 22, thresholdCents: 4.25),
            "compare octave 4": Figures(answers: 10, correct: 8, thresholdCents: 9.5),
            "interval m3": Figures(answers: 5, correct: 5),
        ]
        let stats = StatsGetResult(
            profile: "bea", profiles: [],
            figures: LifetimeFigures(profile: "bea", computedAt: Date(), overall: Figures(answers: 40, correct: 30), byItem: items),
            report: "")
        let html = ProgressPage.html(LifetimeProgress(stats), mayPick: true)
        #expect(html.contains("Threshold per compare item, cents") && html.contains("4.2 c") && html.contains("9.5 c"), "\(html)")
        #expect(!html.contains("Threshold per interval item"))
    }

    @Test("a form picks the profile among those with sessions, the shown one selected, names escaped")
    func picker() {
        let html = Self.page
        #expect(html.contains(#"<form method="get" action="/progress" class="picker">"#))
        #expect(html.contains(#"<option value="bea" selected>bea</option><option value="default">default</option><option value="x&lt;y">x&lt;y</option>"#))
        let other = ProgressPage.html(LifetimeProgress(Fixtures.emptyStats), mayPick: true)
        #expect(other.contains(#"<option value="default" selected>default</option></select>"#))
    }

    @Test("a visitor who may not see other profiles gets no picker and no other profile's name")
    func noPicker() {
        let html = ProgressPage.html(LifetimeProgress(Fixtures.stats), mayPick: false)
        #expect(!html.contains("class=\"picker\"") && !html.contains("x&lt;y") && !html.contains(">default<"))
        #expect(html.contains(#"<a href="/pair">pair</a>"#))
    }

    @Test("no answers: a sentence instead of charts")
    func empty() {
        let html = ProgressPage.html(LifetimeProgress(Fixtures.emptyStats), mayPick: true)
        #expect(html.contains("No answers yet for default"))
        #expect(!html.contains("<svg"))
    }

    @Test("every page links the progress page; the results page offers a new session")
    func links() {
        #expect(Self.page.contains(#"<a href="/progress" aria-current="page">Progress</a>"#))
        #expect(LivePage.html(status: Fixtures.idleStatus(), controls: .init()).contains(#"<a href="/progress">Progress</a>"#))
        let results = ResultsPage.html(Fixtures.results)
        #expect(results.contains(#"<a href="/progress">Progress</a>"#))
        #expect(results.contains(#"<a class="button" href="/">New session</a>"#))
        #expect(ResultsPage.html(nil).contains("New session"))
    }

    @Test("nothing on the page needs an inline style or script, which the policy forbids")
    func policy() {
        #expect(!Self.page.contains("style=") && !Self.page.contains("<script") && !Self.page.contains("<style"))
    }
}
