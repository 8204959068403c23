import MusicTheory

/// A question put to the student: a scale round to play, an interval to find, or whatever its
/// exercise kind asks.
public struct Prompt: Sendable {
    /// The question as shown, whichever kind asked it.
    public struct Question: Sendable {
        /// The kind's own question.
        public let shown: any ExerciseQuestion

        /// `shown`, boxed.
        public init(_ shown: any ExerciseQuestion) {
            self.shown = shown
        }

        /// The kind that asked it.
        public var kind: ExerciseKind { type(of: shown).kind }

        /// The kind's own question as `type`, when it is of that type.
        public func shown<Shown: ExerciseQuestion>(as type: Shown.Type) -> Shown? {
            shown as? Shown
        }
    }

    /// The round (scale) or question (interval) number, from 1.
    public let number: Int
    /// What is asked.
    public let question: Question
    /// The settings read for this prompt: how the audio should sound it.
    public let settings: TrainingSettings
    /// What the audio should sound for this prompt (an interval's root, a scale's root), phrase by phrase.
    public let sounds: [SoundPhrase]
    /// True when the student asked to hear the prompt again.
    public let isRepeat: Bool
    /// What the staff shows as the question opens.
    public let staff: Staff
    /// A note held after `sounds` until the question is answered, following the pitch-bend
    /// wheel (`match`); nil for most kinds. Only the sound reads it: its detuning is the answer.
    public let held: HeldNote?

    /// A prompt; the engine makes these.
    public init(number: Int, question: Question, settings: TrainingSettings, sounds: [SoundPhrase], isRepeat: Bool, staff: Staff,
                held: HeldNote? = nil) {
        self.held = held
        self.number = number
        self.question = question
        self.settings = settings
        self.sounds = sounds
        self.isRepeat = isRepeat
        self.staff = staff
    }
}

extension Prompt.Question: Hashable {
    public static func == (lhs: Prompt.Question, rhs: Prompt.Question) -> Bool {
        lhs.shown.isEqual(to: rhs.shown)
    }

    public func hash(into hasher: inout Hasher) {
        shown.hash(into: &hasher)
    }
}

extension Prompt.Question: Codable {
    private typealias Key = NameKey

    /// `{"interval":{"_0":{…}}}`: the kind's name holding its question.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: kind.rawValue))
        try shown.encodeQuestion(into: &nested, forKey: .firstValue)
    }

    /// Decodes through the catalog, as the kind's own question type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no exercise kind"))
        }
        let module = ExerciseCatalog.module(named: try ExerciseKind(choosing: key.stringValue).rawValue)!
        let nested = try container.nestedContainer(keyedBy: Key.self, forKey: key)
        self.init(try module.decodeQuestion(from: nested, forKey: .firstValue))
    }
}

extension ExerciseQuestion {
    fileprivate func encodeQuestion<K: CodingKey>(into container: inout KeyedEncodingContainer<K>, forKey key: K) throws {
        try container.encode(self, forKey: key)
    }
}

extension ExerciseModule {
    fileprivate static func decodeQuestion<K: CodingKey>(from container: KeyedDecodingContainer<K>, forKey key: K) throws -> any ExerciseQuestion {
        try container.decode(Question.self, forKey: key)
    }
}

extension Prompt: Hashable, Codable {}
