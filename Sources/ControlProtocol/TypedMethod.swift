import Training

/// A method with the type of its params and the type of its result: the daemon's entry for it is
/// made from this (its handler must return `Result`), and a client that calls it decodes a
/// `Result` (`Methods` lists every one).
public struct TypedMethod<Params: Sendable, Result: Codable & Sendable>: Sendable {
    public let name: Method

    public init(_ name: Method) {
        self.name = name
    }
}

/// The params of a method that takes none: whatever is given is ignored; sent, an empty object.
public struct NoParams: Codable, Sendable, Hashable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: NoKeys.self)
    }

    private enum NoKeys: CodingKey {}
}

/// Every method of the protocol, with its params and its result (docs/protocol.md).
public enum Methods {
    public static let status = TypedMethod<NoParams, StatusResult>(.status)
    public static let devicesGet = TypedMethod<NoParams, DevicesResult>(.devicesGet)
    /// The config as the daemon read it: its sections and keys, as they are in the file.
    public static let configGet = TypedMethod<NoParams, JSONValue>(.configGet)
    public static let settingsGet = TypedMethod<NoParams, SettingsResult>(.settingsGet)
    /// The setting as it is now; none when a reset hands the key back to the config file.
    public static let settingsSet = TypedMethod<SettingsSetParams, SettingEntry?>(.settingsSet)
    public static let statsGet = TypedMethod<StatsGetParams, StatsGetResult>(.statsGet)
    public static let statsExport = TypedMethod<StatsExportParams, StatsExportResult>(.statsExport)
    public static let sessionStart = TypedMethod<SessionStartParams, SessionStartResult>(.sessionStart)
    public static let sessionStop = TypedMethod<NoParams, ResultsReport>(.sessionStop)
    public static let sessionRepeat = TypedMethod<SessionRepeatParams, SessionRepeatResult>(.sessionRepeat)
    public static let sessionSkip = TypedMethod<NoParams, SessionSkipResult>(.sessionSkip)
    public static let sessionResults = TypedMethod<NoParams, ResultsReport>(.sessionResults)
    /// The lesson plan the box follows: every lesson, and where the student is.
    public static let planGet = TypedMethod<NoParams, PlanResult>(.planGet)
    public static let notesPlay = TypedMethod<NotesPlayParams, NotesPlayResult>(.notesPlay)
    public static let notesBend = TypedMethod<NotesBendParams, NotesBendResult>(.notesBend)
    public static let subscribe = TypedMethod<SubscribeParams, TopicsResult>(.subscribe)
    public static let unsubscribe = TypedMethod<SubscribeParams, TopicsResult>(.unsubscribe)
    public static let pairingOffer = TypedMethod<NoParams, PairingOfferResult>(.pairingOffer)
    public static let pairingRedeem = TypedMethod<PairingRedeemParams, PairingRedeemResult>(.pairingRedeem)
    public static let pairingBrowsers = TypedMethod<PairingBrowsersParams, PairingBrowsersResult>(.pairingBrowsers)
    public static let pairingList = TypedMethod<NoParams, PairingListResult>(.pairingList)
    public static let pairingRevoke = TypedMethod<PairingRevokeParams, PairingRevokeResult>(.pairingRevoke)
    /// Joins a class's hub with the teacher's code (docs/class.md).
    public static let classJoin = TypedMethod<ClassJoinParams, ClassJoinResult>(.classJoin)
    public static let classStatus = TypedMethod<NoParams, ClassStatusResult>(.classStatus)
    public static let classLeave = TypedMethod<NoParams, ClassLeaveResult>(.classLeave)

    /// Every method's name, in the order the greeting lists them.
    public static let all: [Method] = [
        status.name, devicesGet.name, configGet.name, settingsGet.name, settingsSet.name, statsGet.name, statsExport.name,
        sessionStart.name, sessionStop.name, sessionRepeat.name, sessionSkip.name, sessionResults.name, planGet.name, notesPlay.name,
        notesBend.name, subscribe.name, unsubscribe.name, pairingOffer.name, pairingRedeem.name, pairingBrowsers.name,
        pairingList.name, pairingRevoke.name, classJoin.name, classStatus.name, classLeave.name,
    ]
}
