import ClientViews
import Foundation

/// The page at `/progress`: a profile's lifetime statistics from `stats.get` (`LifetimeProgress`),
/// drawn on the server: the overall figures, accuracy and response time per item as bars
/// (`ProgressPage+Items`), and the trend over days as lines (`ProgressPage+Days`), each chart with
/// its figures as a table beside it. For a paired browser, a form picks the profile
/// (`?profile=NAME`); no script.
public enum ProgressPage {
    /// The page for `progress` (nil: the daemon could not give it, and `away` says why).
    /// `mayPick`: whether the visitor may see other profiles (a paired browser): the picker, with
    /// every profile's name; else a line saying how to pair.
    public static func html(_ progress: LifetimeProgress?, mayPick: Bool, away: String? = nil) -> String {
        var main = [#"<section id="progress" aria-labelledby="progress-heading">"#]
        if let progress {
            main.append(#"<h1 id="progress-heading">Progress of \#(HTML.escaped(progress.profile))</h1>"#)
            main.append(mayPick ? picker(progress)
                : #"<p class="note">Other profiles' progress needs this browser paired (<a href="/pair">pair</a>).</p>"#)
            if progress.overall.answers == 0 {
                main.append(Chart.empty("No answers yet for \(progress.profile): the figures appear here once an exercise is played."))
            } else {
                main.append(summary(progress))
                main.append(items(progress))
                main.append(days(progress))
            }
        } else {
            main.append(#"<h1 id="progress-heading">No statistics</h1><p class="note">\#(HTML.escaped(away ?? "The statistics could not be read."))</p>"#)
        }
        main.append("</section>")
        return HTML.page(title: "eartrainer · progress", current: "/progress", main: main.joined(separator: "\n"), script: false)
    }

    /// A form that reloads the page for another profile: every profile with sessions.
    static func picker(_ progress: LifetimeProgress) -> String {
        let names = progress.profiles.contains(progress.profile) ? progress.profiles : [progress.profile] + progress.profiles
        let options = names.map { name in
            let selected = name == progress.profile ? " selected" : ""
            return #"<option value="\#(HTML.escaped(name))"\#(selected)>\#(HTML.escaped(name))</option>"#
        }.joined()
        return #"<form method="get" action="/progress" class="picker"><label for="profile">Profile</label>"#
            + #"<select id="profile" name="profile">\#(options)</select><button type="submit">Show</button></form>"#
    }

    /// Sessions, practice time, answers, accuracy, average response, the streaks.
    static func summary(_ progress: LifetimeProgress) -> String {
        let figures = [
            ("sessions", "\(progress.sessions)"), ("practice", ResultsScreen.duration(progress.practiceSeconds)),
            ("answers", "\(progress.overall.answers)"), ("accuracy", percent(progress.overall.accuracy)),
            ("average response", seconds(progress.overall.averageResponse)),
            ("best streak", "\(progress.bestStreak)"), ("days in a row", "\(progress.bestDayStreak)"),
        ]
        return HTML.counts(figures)
    }

    /// `75%`, or `–` with no answers.
    static func percent(_ share: Double?) -> String {
        share.map { "\(Int(($0 * 100).rounded()))%" } ?? "–"
    }

    /// `1.25 s`, or `–` with no right answer.
    static func seconds(_ value: Double?) -> String {
        value.map { String(format: "%.2f s", $0) } ?? "–"
    }

    /// `75% of 12 answers`.
    static func accuracyText(_ tally: LifetimeProgress.Tally) -> String {
        "\(percent(tally.accuracy)) of \(tally.answers) answer\(tally.answers == 1 ? "" : "s")"
    }

    /// A table of figures in a disclosure, for reading the numbers the charts draw.
    static func table(caption: String, header: String, rows: [(String, LifetimeProgress.Tally)]) -> String {
        let figures = rows.map { name, tally in
            (name, ["\(tally.answers)", "\(tally.correct)", percent(tally.accuracy), seconds(tally.averageResponse)])
        }
        let columns = [header, "answers", "correct", "accuracy", "average response"]
        return "<details><summary>\(HTML.escaped(caption)) as a table</summary>" + HTML.table(columns: columns, rows: figures) + "</details>"
    }
}
