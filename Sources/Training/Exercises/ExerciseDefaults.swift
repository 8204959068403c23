/// The options each kind starts from: the config file's `[training.<kind>]` sections, a kind
/// with no section taking its module's defaults. `session.start` fills what its params leave out
/// from here; encoded, it is an object keyed by kind name (`config.get`'s `scale`, `interval`).
public struct ExerciseDefaults: Sendable {
    private var sections: [ExerciseKind: Exercise] = [:]

    /// Every kind at its module's defaults.
    public init() {}

    /// The exercise of `kind`: its section, or the module's defaults.
    public subscript(kind: ExerciseKind) -> Exercise {
        get { sections[kind] ?? ExerciseCatalog.module(named: kind.rawValue)!.defaultExercise }
        set { sections[kind] = newValue }
    }

    /// `options` as the defaults of its kind.
    public mutating func set(_ options: some ExerciseModule) {
        sections[type(of: options).kind] = Exercise(options)
    }
}

extension ExerciseDefaults: Hashable {
    /// Equal when every kind's exercise is: a section that says the module's defaults is no section.
    public static func == (lhs: ExerciseDefaults, rhs: ExerciseDefaults) -> Bool {
        ExerciseKind.allCases.allSatisfy { lhs[$0] == rhs[$0] }
    }

    public func hash(into hasher: inout Hasher) {
        for kind in ExerciseKind.allCases { hasher.combine(self[kind]) }
    }
}

extension ExerciseModule {
    /// The module's defaults as an exercise.
    static var defaultExercise: Exercise { Exercise(defaults) }
}

extension ExerciseDefaults: Codable {
    private typealias Key = NameKey

    /// `{"interval": {…}, "scale": {…}}`: every kind of the catalog with its options.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for kind in ExerciseKind.allCases {
            try self[kind].options.encodeOptions(into: &container, forKey: Key(stringValue: kind.rawValue))
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        self.init()
        for module in ExerciseCatalog.all where container.contains(Key(stringValue: module.kind.rawValue)) {
            sections[module.kind] = Exercise(try module.decodeOptions(from: container, forKey: Key(stringValue: module.kind.rawValue)))
        }
    }
}
