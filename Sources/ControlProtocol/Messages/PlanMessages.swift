/// Where the student is in the lesson plan the box follows (`status`'s `plan`, `plan.get`).
public struct PlanStatus: Sendable, Hashable, Codable {
    /// The plan's name.
    public var name: String
    /// The current lesson's number, from 1, and how many the plan has.
    public var lesson: Int
    public var lessons: Int
    /// The lesson's id and title ("thirds", "major and minor thirds").
    public var id: String
    public var title: String
    /// Its exercise as a person reads it.
    public var exercise: String
    /// Its goal in words ("90 % right over the last 20 answers").
    public var goal: String
    /// The lesson's answers counted so far (at most `needed`), and how many the goal is judged over.
    public var counted: Int
    public var needed: Int
    /// What they reach ("86 % right"); none before the first answer.
    public var figure: String?
    /// Whether the plan's last lesson was passed.
    public var complete: Bool

    public init(name: String, lesson: Int, lessons: Int, id: String, title: String, exercise: String, goal: String,
                counted: Int, needed: Int, figure: String?, complete: Bool) {
        self.name = name
        self.lesson = lesson
        self.lessons = lessons
        self.id = id
        self.title = title
        self.exercise = exercise
        self.goal = goal
        self.counted = counted
        self.needed = needed
        self.figure = figure
        self.complete = complete
    }

    /// One line: "lesson 3 of 10, major and minor thirds: 86 % right over 14 of 30 answers (goal: …)".
    public var summary: String {
        if complete { return "complete (all \(lessons) lessons)" }
        return "lesson \(lesson) of \(lessons), \(title): \(reached) (goal: \(goal))"
    }

    /// What the lesson's answers reach: "86 % right over 14 of 30 answers", or "no answers yet".
    public var reached: String {
        figure.map { "\($0) over \(counted) of \(needed) answers" } ?? "no answers yet"
    }
}

/// One lesson of the plan, as `plan.get` lists it.
public struct PlanLessonEntry: Sendable, Hashable, Codable {
    public var number: Int
    public var id: String
    public var title: String
    public var exercise: String
    public var goal: String

    public init(number: Int, id: String, title: String, exercise: String, goal: String) {
        self.number = number
        self.id = id
        self.title = title
        self.exercise = exercise
        self.goal = goal
    }
}

/// What `plan.get` returns: where the student is, and every lesson.
public struct PlanResult: Sendable, Hashable, Codable {
    public var plan: PlanStatus
    public var lessons: [PlanLessonEntry]

    public init(plan: PlanStatus, lessons: [PlanLessonEntry]) {
        self.plan = plan
        self.lessons = lessons
    }
}
