/// An event's details as its type's message, decoded once: what every client reads of an event
/// (the watch screen, the web view), with no key read by hand. The kind's own fields that ride
/// beside a message's (`WithKindFields`: a rhythm's `onsets`, a match's `tolerance_cents`) stay in
/// `EventReport.details` for the kind to read with its own types.
public enum EventBody: Sendable, Hashable {
    case sessionStarted(SessionStartedDetails)
    case prompt(PromptDetails)
    case noteJudged(NoteJudgedDetails)
    case noteMeasured(NoteMeasuredDetails)
    case roundComplete(RoundCompleteDetails)
    case answerRevealed(AnswerRevealedDetails)
    case sessionEnded(ResultsReport)
    case device(DeviceDetails)
    case listen(ListenReading)
    /// A type this client does not know, or details without its message's shape.
    case unknown

    /// The message types by event type: the one place a client maps one to the other.
    static func decoded(type: String, details: JSONValue) -> EventBody {
        func message<Message: Decodable>(_ type: Message.Type) -> Message? { try? Wire.decode(type, from: details) }
        let body: EventBody? = switch type {
        case "session_started": message(SessionStartedDetails.self).map(EventBody.sessionStarted)
        case "prompt": message(PromptDetails.self).map(EventBody.prompt)
        case "note_judged": message(NoteJudgedDetails.self).map(EventBody.noteJudged)
        case "note_measured": message(NoteMeasuredDetails.self).map(EventBody.noteMeasured)
        case "round_complete": message(RoundCompleteDetails.self).map(EventBody.roundComplete)
        case "answer_revealed": message(AnswerRevealedDetails.self).map(EventBody.answerRevealed)
        case "session_ended": message(ResultsReport.self).map(EventBody.sessionEnded)
        case "device": message(DeviceDetails.self).map(EventBody.device)
        case "listen": message(ListenReading.self).map(EventBody.listen)
        default: nil
        }
        return body ?? .unknown
    }
}

extension EventReport {
    /// The details as the event type's message (`EventBody`).
    public var body: EventBody { EventBody.decoded(type: type, details: details) }
}
