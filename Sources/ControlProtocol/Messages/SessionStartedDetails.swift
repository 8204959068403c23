/// A `session_started` event's details: the exercise begun, the seed that replays it, and whose
/// answers it records.
public struct SessionStartedDetails: Sendable, Hashable, Codable {
    /// The exercise as a person reads it (`D dorian scale`).
    public var exercise: String
    /// `session.start`'s `seed` that replays the session's every random choice.
    public var seed: UInt64
    /// The student whose answers are recorded; absent until the daemon names them.
    public var profile: String?

    public init(exercise: String, seed: UInt64, profile: String? = nil) {
        self.exercise = exercise
        self.seed = seed
        self.profile = profile
    }
}

/// A `device` event's details: a keyboard found or lost, the sound device lost or found.
public struct DeviceDetails: Sendable, Hashable, Codable {
    /// What happened, as stdout says it.
    public var message: String

    public init(message: String) {
        self.message = message
    }
}
