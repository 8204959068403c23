import ConfigFile
import Foundation
import Testing
import Training

@Suite("Lesson plan files")
struct LessonPlanFileTests {
    static let good = """
        name = "Thirds"

        [[lesson]]
        id = "major"
        title = "major thirds"
        exercise = "ear-interval"
        goal = { right_percent = 90, over = 20 }
        ear-interval = { intervals = ["M3"] }

        [[lesson]]
        title = "higher or lower"
        exercise = "compare"
        goal = { threshold_cents = 10 }
        on_fail = "major"
        """

    @Test("a plan reads its lessons, their options through the kind's module, their goals and targets")
    func readsAPlan() throws {
        let plan = try LessonPlanFile.parse(Self.good, file: "thirds.toml")
        #expect(plan.name == "Thirds")
        #expect(plan.lessons.map(\.id) == ["major", "2"])
        #expect(plan.lessons[0].exercise.kind.rawValue == "ear-interval")
        #expect(plan.lessons[0].exercise.options.summary.contains("M3"))
        #expect(plan.lessons[0].goal == .right(percent: 90, over: 20))
        #expect(plan.lessons[1].goal == .threshold(cents: 10, over: 20))
        #expect(plan.lessons[1].onFail == .lesson("major") && plan.lessons[1].onPass == .next)
        #expect(plan.lesson(after: 1, .next) == nil)
        #expect(plan.lesson(after: 1, .lesson("major")) == 0)
    }

    @Test("the shipped beginner's plan reads, and docs/plans/beginner.toml is its text")
    func shippedPlan() throws {
        let plan = try #require(try LessonPlanFile.resolve("beginner"))
        #expect(plan.lessons.count >= 8)
        #expect(plan.lessons.first?.title == "unisons and fifths")
        #expect(plan.lessons.last?.exercise.kind.rawValue == "dictation")
        let docs = try String(contentsOfFile: repositoryRoot + "/docs/plans/beginner.toml", encoding: .utf8)
        #expect(docs == LessonPlanFile.shipped["beginner"]! + "\n")
    }

    /// One refused plan: its text, and the line, key and words of its refusal.
    struct Bad: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let line: Int?
        let key: String?
        let words: String
        var testDescription: String { name }
    }

    static let lesson = "[[lesson]]\ntitle = \"t\"\nexercise = \"scale\"\n"
    static let bad: [Bad] = [
        Bad(name: "no name", text: lesson + "goal = { right_percent = 90 }\n", line: nil, key: "name", words: "a plan needs a name"),
        Bad(name: "no lessons", text: "name = \"n\"\n", line: nil, key: "lesson", words: "at least one [[lesson]]"),
        Bad(name: "no goal", text: "name = \"n\"\n" + lesson, line: 2, key: "lesson[0].goal", words: "a lesson needs a goal"),
        Bad(name: "two goals", text: "name = \"n\"\n" + lesson + "goal = { right_percent = 90, error_cents = 5 }\n",
            line: 5, key: "lesson[0].goal", words: "give one of right_percent"),
        Bad(name: "a threshold for a kind that finds none", text: "name = \"n\"\n" + lesson + "goal = { threshold_cents = 5 }\n",
            line: 5, key: "lesson[0].goal.threshold_cents", words: "scale finds no threshold"),
        Bad(name: "a percentage out of range", text: "name = \"n\"\n" + lesson + "goal = { right_percent = 120 }\n",
            line: 5, key: "lesson[0].goal.right_percent", words: "out of range"),
        Bad(name: "a typo in a lesson", text: "name = \"n\"\n" + lesson + "goal = { right_percent = 90 }\ntitel = \"x\"\n",
            line: 6, key: "lesson[0].titel", words: "unknown key in [lesson[0]]"),
        Bad(name: "a kind's option refused by its module", text: "name = \"n\"\n" + lesson + "goal = { right_percent = 90 }\nscale = { mode = \"lydianish\" }\n",
            line: 6, key: "lesson[0].scale.mode", words: "lydianish"),
        Bad(name: "another kind's options", text: "name = \"n\"\n" + lesson + "goal = { right_percent = 90 }\ninterval = { intervals = [\"m3\"] }\n",
            line: 6, key: "lesson[0].interval", words: "unknown key"),
        Bad(name: "a target naming no lesson", text: "name = \"n\"\n" + lesson + "goal = { right_percent = 90 }\non_fail = \"nowhere\"\n",
            line: 6, key: "lesson[0].on_fail", words: "no lesson has the id 'nowhere'"),
        Bad(name: "an id taken twice", text: "name = \"n\"\n" + lesson + "id = \"a\"\ngoal = { right_percent = 90 }\n" + lesson + "id = \"a\"\ngoal = { right_percent = 90 }\n",
            line: 10, key: "lesson[1].id", words: "is taken"),
        Bad(name: "an unknown exercise", text: "name = \"n\"\n[[lesson]]\ntitle = \"t\"\nexercise = \"karaoke\"\ngoal = { right_percent = 90 }\n",
            line: 4, key: "lesson[0].exercise", words: "karaoke"),
        Bad(name: "not TOML", text: "name = \"n\"\n[[lesson]\n", line: 2, key: nil, words: "syntax error"),
    ]

    @Test("a plan that cannot be followed is refused with its file, line, key and why", arguments: bad)
    func refused(_ bad: Bad) {
        #expect {
            _ = try LessonPlanFile.parse(bad.text, file: "plan.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            let text = "\(error)"
            #expect(error.file == "plan.toml")
            if let line = bad.line { #expect(error.line == line, "\(text)") }
            #expect(error.key == bad.key, "\(text)")
            #expect(text.contains(bad.words), "\(text)")
            return true
        }
    }

    @Test("training.plan: a shipped name or an absolute path; a bad plan refuses the config, naming the plan's file")
    func configKey() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        #expect(try ConfigLoader.parse("[training]\nplan = \"beginner\"\n", file: "c.toml").training.plan == "beginner")
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("[training]\nplan = \"plans/mine.toml\"\n", file: "c.toml") }
        let broken = try folder.write("broken.toml", "name = \"n\"\n")
        #expect {
            _ = try ConfigLoader.parse("[training]\nplan = \"\(broken)\"\n", file: "c.toml")
        } throws: { error in
            (error as? ConfigError)?.file == broken && "\(error)".contains("[[lesson]]")
        }
        #expect {
            _ = try ConfigLoader.parse("[training]\nplan = \"\(folder.path)/missing.toml\"\n", file: "c.toml")
        } throws: { error in
            "\(error)".contains("cannot read")
        }
        let mine = try folder.write("mine.toml", Self.good)
        #expect(try LessonPlanFile.resolve(mine)?.name == "Thirds")
    }
}
