/// A teacher's lesson plan: lessons the box follows one at a time, across sessions and restarts.
/// Each lesson is an exercise with its options and a goal; when the goal is met the plan goes on
/// (`onPass`), and when enough answers fall short of it, where `onFail` says (docs/plans.md).
public struct LessonPlan: Sendable, Hashable {
    /// What the teacher calls it ("A beginner's path").
    public let name: String
    /// The lessons, in order; never empty, ids unique, every target naming one of them.
    public let lessons: [Lesson]

    /// A plan of `lessons`; nil when they are empty, an id repeats or a target names no lesson.
    public init?(name: String, lessons: [Lesson]) {
        let ids = lessons.map(\.id)
        guard !lessons.isEmpty, Set(ids).count == ids.count,
              lessons.allSatisfy({ [$0.onPass, $0.onFail].allSatisfy { $0.names(oneOf: ids) } }) else { return nil }
        self.name = name
        self.lessons = lessons
    }

    /// The lesson with `id`, by its place.
    public func index(of id: String) -> Int? {
        lessons.firstIndex { $0.id == id }
    }

    /// Where the plan goes from lesson `index` once it is judged: the lesson `target` names, or
    /// nil when the last lesson was passed with `next` (the plan is complete).
    public func lesson(after index: Int, _ target: LessonTarget) -> Int? {
        switch target {
        case .next: index + 1 < lessons.count ? index + 1 : nil
        case .stay: index
        case .lesson(let id): self.index(of: id)
        }
    }
}

/// One step of a plan: an exercise, what it must reach, and where to go from it.
public struct Lesson: Sendable, Hashable {
    /// A short name other lessons' targets use ("fifths"); by default its number.
    public let id: String
    /// What the voice says after "lesson 3:" ("minor thirds and major sixths").
    public let title: String
    /// The exercise, with the kind's options as the plan gives them.
    public let exercise: Exercise
    public let goal: LessonGoal
    /// Where the plan goes when the goal is met.
    public let onPass: LessonTarget
    /// Where it goes when a session ends with enough answers and the goal not met.
    public let onFail: LessonTarget

    public init(id: String, title: String, exercise: Exercise, goal: LessonGoal, onPass: LessonTarget = .next,
                onFail: LessonTarget = .stay) {
        self.id = id
        self.title = title
        self.exercise = exercise
        self.goal = goal
        self.onPass = onPass
        self.onFail = onFail
    }
}

/// Where a judged lesson leads.
public enum LessonTarget: Sendable, Hashable {
    /// The lesson after it (after the last: the plan is complete).
    case next
    /// The same lesson again: its answers go on counting.
    case stay
    /// The lesson with this id.
    case lesson(String)

    /// `next`, `stay`, or a lesson's id.
    public init(parsing text: String) {
        switch text {
        case "next": self = .next
        case "stay": self = .stay
        default: self = .lesson(text)
        }
    }

    func names(oneOf ids: [String]) -> Bool {
        guard case .lesson(let id) = self else { return true }
        return ids.contains(id)
    }
}
