import Testing
import Training

@Suite("Lesson goals")
struct LessonGoalTests {
    @Test("right_percent: judged only over enough first tries, the latest of them; later tries are not counted")
    func rightPercent() {
        let goal = LessonGoal.right(percent: 90, over: 10)
        var tally = LessonTally(limit: goal.over)
        for _ in 0..<9 { tally.add(correct: true, attempt: 1, cents: nil) }
        var progress = goal.progress(tally)
        #expect(progress.counted == 9 && !progress.judged && !progress.met)
        tally.add(correct: true, attempt: 2, cents: nil)  // a second try: not counted
        #expect(goal.progress(tally).counted == 9)
        tally.add(correct: false, attempt: 1, cents: nil)
        progress = goal.progress(tally)
        #expect(progress.judged && progress.value == 90 && progress.met)
        tally.add(correct: false, attempt: 1, cents: nil)  // the oldest right one leaves the window
        progress = goal.progress(tally)
        #expect(progress.counted == 10 && progress.value == 80 && !progress.met)
        #expect(goal.figure(progress.value!) == "80 % right")
        #expect(goal.summary == "90 % right over the last 10 answers")
    }

    @Test("threshold_cents: the geometric mean of the latest offsets asked")
    func threshold() {
        let goal = LessonGoal.threshold(cents: 10, over: 4)
        var tally = LessonTally(limit: goal.over)
        for cents in [40.0, 5, 20, 10, 10] { tally.add(correct: true, attempt: 1, cents: cents) }
        let progress = goal.progress(tally)
        #expect(progress.counted == 4)
        #expect(abs(progress.value! - 10) < 1e-9)  // (5·20·10·10)^(1/4) = 10
        #expect(progress.met)
    }

    @Test("error_cents: the mean size of the latest errors, signs ignored")
    func error() {
        let goal = LessonGoal.error(cents: 5, over: 3)
        var tally = LessonTally(limit: goal.over)
        for cents in [-4.0, 6, -8] { tally.add(correct: true, attempt: 1, cents: cents) }
        let progress = goal.progress(tally)
        #expect(progress.value == 6 && !progress.met)
    }
}
