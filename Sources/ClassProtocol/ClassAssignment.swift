/// A lesson plan the teacher assigned (`eartrainer-hub assign`): the class's, or one student's.
/// The hub sends each box the newest one for its student, else the newest for the class, in
/// `BoxState`; the box follows it over its config's `plan` (docs/plans.md) until another comes.
public struct ClassAssignment: Sendable, Hashable, Codable {
    public var id: String
    /// The plan's name, as the teacher's pages and `eartrainctl class status` show it.
    public var title: String
    /// The plan file's text (TOML, as docs/plans.md writes it), checked on the hub when assigned
    /// and read again on the box.
    public var plan: String

    public init(id: String, title: String, plan: String) {
        self.id = id
        self.title = title
        self.plan = plan
    }
}
