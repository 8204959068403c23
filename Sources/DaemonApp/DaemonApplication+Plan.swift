import ConfigFile
import Daemon
import Foundation
import Statistics
import Training

/// The lesson plan's part of the daemon (docs/plans.md): the follower, what it says when a
/// lesson is judged, and the plan read from the config at start and at each reload.
extension DaemonApplication {
    /// The follower of the daemon's student, its progress kept beside the student's settings.
    static func planFollower(reloader: ConfigReloader, options: DaemonOptions, store: any StatisticsStore, core: DaemonCore,
                             reporter: StdoutReporter, say: @escaping @Sendable (String) -> Void) -> PlanFollower {
        let path = reloader.studentPath.map { ($0 as NSString).deletingLastPathComponent + "/" + PlanProgressFile.name }
        return PlanFollower(
            file: PlanProgressFile(path: path), profile: options.profile, stored: StoredLessonAnswers.reader(store),
            judged: { judged in
                reporter.say("plan: " + judged.words)
                guard judged.moved else { return }
                say(judged.words)
                core.lessonMoved(to: judged.lesson?.exercise)
            },
            problem: { reporter.say("plan: progress not kept: \($0)", warning: true) })
    }

    /// Follows the plan a class's hub `assigned`, else the one `training.plan` names (none: the
    /// config's exercise is ready again), when it is not the one followed already.
    static func follow(_ training: TrainingConfig, assigned: LessonPlan? = nil, with follower: PlanFollower, core: DaemonCore,
                       reporter: StdoutReporter) async {
        let plan: LessonPlan?
        if let assigned {
            plan = assigned
        } else {
            do {
                plan = try LessonPlanFile.resolve(training.plan)
            } catch {
                reporter.say("plan: \(error); no plan is followed", warning: true)
                plan = nil
            }
        }
        guard plan != follower.plan else { return }
        let lesson = follower.follow(plan)
        await core.prepareLesson(lesson?.exercise)
        if let status = follower.status { reporter.say("plan: \(status.name): \(status.summary)") }
    }
}
