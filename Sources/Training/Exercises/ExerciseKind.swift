import MusicTheory

/// What a session trains, by name: `scale`, `interval`, or any kind in `ExerciseCatalog`. The
/// config file's `exercise`, the socket's `kind`, `status`, the events and the statistics all say
/// it with this type; a name the catalog does not hold is refused with the list of those it does.
public struct ExerciseKind: NamedChoice {
    /// The name: `scale`, `interval`.
    public let rawValue: String

    /// The kind named `rawValue` in the catalog, or nil.
    public init?(rawValue: String) {
        guard ExerciseCatalog.module(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    /// The kind a module declares as its own (`static let kind = ExerciseKind(declaring: "scale")`).
    public init(declaring name: String) {
        rawValue = name
    }

    /// Every kind in the catalog, in its order.
    public static var allCases: [ExerciseKind] { ExerciseCatalog.all.map { $0.kind } }
}

extension ExerciseKind: CustomStringConvertible {
    /// The name: `scale`, `interval`.
    public var description: String { rawValue }
}
