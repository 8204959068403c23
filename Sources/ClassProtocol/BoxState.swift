/// What the hub holds of a box (`GET /api/v1/box`), asked at the start of every sync round: the
/// box keeps no cursor of its own, so a hub restored from an older backup is sent again what it
/// lacks.
public struct BoxState: Sendable, Hashable, Codable {
    /// The box's id on the hub.
    public var box: String
    /// The student the box practises for (an id; the name stays on the hub).
    public var student: String
    /// Every answer up to this sequence number is held.
    public var ackedThrough: Int64
    /// The teacher removed the box, or deleted its student: it is to leave the class.
    public var leave: Bool
    /// The lesson plan the box is to follow; nil: its config's own.
    public var assignment: ClassAssignment?

    public init(box: String, student: String, ackedThrough: Int64, leave: Bool = false, assignment: ClassAssignment? = nil) {
        self.box = box
        self.student = student
        self.ackedThrough = ackedThrough
        self.leave = leave
        self.assignment = assignment
    }

    enum CodingKeys: String, CodingKey {
        case box, student, leave, assignment
        case ackedThrough = "acked_through"
    }
}
