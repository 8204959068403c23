import MusicTheory

/// When the voice speaks: the config file's `[voice] speak`.
public enum VoiceMode: String, NamedChoice {
    /// While no client follows the session (no `watch`, no page subscribed to prompts): the box
    /// by the piano speaks, a desktop with a screen open stays quiet.
    case auto
    /// Always.
    case on
    /// Never.
    case off
}

/// How a judged answer is told by sound: the config file's `[voice] cues`.
public enum AnswerCues: String, NamedChoice {
    /// Spoken: "right", "wrong".
    case words
    /// A short high tone for right, a low one for wrong.
    case tones
    /// Nothing: the notes alone.
    case off
}
