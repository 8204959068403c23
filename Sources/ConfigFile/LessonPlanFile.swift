import Training

/// Reads a teacher's lesson plan (TOML, docs/plans.md) with the config file's parser and its
/// words for every refusal (`FILE:LINE: lesson[2].goal.right_percent: …`). A lesson's options are
/// its kind's section, read by the kind's module as `[training.<kind>]` is.
public enum LessonPlanFile {
    /// The plans in the package, by the name `training.plan` gives them.
    public static let shipped: [String: String] = ["beginner": ShippedPlans.beginner]

    /// The plan `setting` names: none for `""`, a shipped plan by name, or the file at an
    /// absolute path.
    public static func resolve(_ setting: String) throws(ConfigError) -> LessonPlan? {
        if setting.isEmpty { return nil }
        if let text = shipped[setting] { return try parse(text, file: "(the \(setting) plan)") }
        if let problem = problem(naming: setting) {
            throw ConfigError(kind: .invalidValue, file: setting, line: nil, key: nil, message: problem)
        }
        return try parse(try ConfigLoader.text(ofFile: setting), file: setting)
    }

    /// Why `setting` names no plan, or nil when it names one (or none, `""`).
    static func problem(naming setting: String) -> String? {
        setting.isEmpty || shipped[setting] != nil || setting.hasPrefix("/") ? nil
            : "'\(setting)' is neither a plan in the package (\(shipped.keys.sorted().joined(separator: ", "))) nor an absolute path"
    }

    /// The plan in `text`; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(ConfigError) -> LessonPlan {
        var reader = try ConfigLoader.reader(text, file: file)
        let name = try reader.string("name", "")
        guard !name.isEmpty else { throw reader.error(.invalidValue, "name", "a plan needs a name") }
        let tables = try reader.tables("lesson")
        guard !tables.isEmpty else { throw reader.error(.invalidValue, "lesson", "a plan needs at least one [[lesson]]") }
        var lessons: [Lesson] = []
        for (offset, var table) in tables.enumerated() {
            lessons.append(try lesson(reading: &table, number: offset + 1, before: lessons))
        }
        try reader.finish()
        for (offset, lesson) in lessons.enumerated() {
            for (key, target) in [("on_pass", lesson.onPass), ("on_fail", lesson.onFail)] {
                guard case .lesson(let id) = target, !lessons.contains(where: { $0.id == id }) else { continue }
                throw tables[offset].error(.invalidValue, key, "no lesson has the id '\(id)'; give next, stay or a lesson's id")
            }
        }
        guard let plan = LessonPlan(name: name, lessons: lessons) else {
            throw reader.error(.invalidValue, "lesson", "the lessons do not make a plan")
        }
        return plan
    }

    private static func lesson(reading table: inout TableReader, number: Int, before: [Lesson]) throws(ConfigError) -> Lesson {
        let id = try table.string("id", String(number))
        guard !id.isEmpty, !["next", "stay"].contains(id) else {
            throw table.error(.invalidValue, "id", "an id must not be empty, next or stay")
        }
        if before.contains(where: { $0.id == id }) { throw table.error(.invalidValue, "id", "lesson \(number)'s id '\(id)' is taken") }
        let title = try table.string("title", "")
        guard !title.isEmpty else { throw table.error(.invalidValue, "title", "a lesson needs a title (the voice says it)") }
        let name = try table.string("exercise", "")
        let kind: ExerciseKind
        do {
            kind = try ExerciseKind(choosing: name)
        } catch {
            throw table.error(.invalidValue, "exercise", name.isEmpty ? "a lesson needs an exercise: \(error)" : "\(error)")
        }
        guard let module = ExerciseCatalog.module(named: kind.rawValue) else {
            throw table.error(.invalidValue, "exercise", "no such exercise")
        }
        var exercise = ExerciseDefaults()[kind]
        if var section = try table.table(kind.rawValue) {
            exercise = try module.exercise(reading: &section)
            try section.finish()
        }
        guard var goalTable = try table.table("goal") else {
            throw table.error(.invalidValue, "goal", "a lesson needs a goal: goal = { right_percent = 90, over = 20 }")
        }
        let goal = try self.goal(reading: &goalTable, module: module)
        try goalTable.finish()
        let onPass = try table.parsed("on_pass", LessonTarget.next, LessonTarget.init(parsing:))
        let onFail = try table.parsed("on_fail", LessonTarget.stay, LessonTarget.init(parsing:))
        try table.finish()
        return Lesson(id: id, title: title, exercise: exercise, goal: goal, onPass: onPass, onFail: onFail)
    }

    private static func goal(reading table: inout TableReader, module: any ExerciseModule.Type) throws(ConfigError) -> LessonGoal {
        let over = try table.int("over", 20, in: 1...500)
        let right = try table.double("right_percent", -1, in: 1...100)
        let threshold = try table.double("threshold_cents", -1, in: 0.1...1200)
        let error = try table.double("error_cents", -1, in: 0.1...1200)
        let given = [right, threshold, error].filter { $0 >= 0 }.count
        guard given == 1 else {
            throw table.error(.invalidValue, nil, "give one of right_percent, threshold_cents and error_cents")
        }
        if threshold >= 0 {
            guard module.findsThreshold else {
                throw table.error(.invalidValue, "threshold_cents", "\(module.kind.rawValue) finds no threshold (compare and pure do)")
            }
            return .threshold(cents: threshold, over: over)
        }
        if error >= 0 {
            guard module.measuresTuningError else {
                throw table.error(.invalidValue, "error_cents", "\(module.kind.rawValue) measures no tuning error (match does)")
            }
            return .error(cents: error, over: over)
        }
        return .right(percent: right, over: over)
    }
}
