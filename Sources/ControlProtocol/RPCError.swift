/// Every error code the daemon sends, one meaning each. The first five are JSON-RPC's own; the
/// daemon's are in −32000 … −32099, as the specification reserves them for servers.
public enum ErrorCode: Int, CaseIterable, Sendable, Codable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case lineTooLong = -32001
    case permissionDenied = -32002
    case tooManyClients = -32003
    case noSession = -32004
    case statisticsUnavailable = -32005
    case busy = -32006
    case noResults = -32007
    case notPaired = -32008
    case replyTooLarge = -32009
    case unknownBrowser = -32010
    case noPlan = -32011
    /// A class's hub refused, or could not be reached (`class.join`), or the box is in no class.
    case classRefused = -32012
}

/// The error member of a response.
public struct RPCError: Error, Sendable, Hashable, Codable {
    /// An `ErrorCode`'s value, kept as a number: a client reads codes it may not know.
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(_ code: ErrorCode, message: String, data: JSONValue? = nil) {
        self.code = code.rawValue
        self.message = message
        self.data = data
    }

    public static func parseError(_ detail: String) -> RPCError {
        RPCError(.parseError, message: "parse error: \(detail)")
    }
    public static func invalidRequest(_ detail: String) -> RPCError {
        RPCError(.invalidRequest, message: "invalid request: \(detail)")
    }
    /// `known`: the methods there are, listed in the message.
    public static func methodNotFound(_ method: String, known: [String]) -> RPCError {
        RPCError(.methodNotFound, message: "unknown method '\(method)'; methods: " + known.joined(separator: ", "))
    }
    public static func invalidParams(_ detail: String) -> RPCError {
        RPCError(.invalidParams, message: "invalid params: \(detail)")
    }
    public static func internalError(_ detail: String) -> RPCError {
        RPCError(.internalError, message: "internal error: \(detail)")
    }
    public static let lineTooLong = RPCError(
        .lineTooLong, message: "line longer than \(LineFramer.maximumLineBytes) bytes; it was discarded")
    public static func permissionDenied(_ method: String) -> RPCError {
        RPCError(.permissionDenied, message: "permission denied: '\(method)' is for the daemon's user, root or the control group")
    }
    public static func tooManyClients(_ limit: Int) -> RPCError {
        RPCError(.tooManyClients, message: "too many clients (at most \(limit)); try again later")
    }
    public static func noSession(_ method: String) -> RPCError {
        RPCError(.noSession, message: "no session is running; start one before '\(method)'")
    }
    /// `detail`: why, as the store says it.
    public static func statisticsUnavailable(_ detail: String) -> RPCError {
        RPCError(.statisticsUnavailable, message: detail)
    }
    public static let busy = RPCError(.busy, message: "daemon busy; request dropped, try again")
    public static let noResults = RPCError(.noResults, message: "no session has finished yet")
    /// A batch's replies already take `limit` bytes: this request was not carried out.
    public static func replyTooLarge(_ limit: Int) -> RPCError {
        RPCError(.replyTooLarge, message: "the batch's replies already take \(limit / 1024) KiB; this request was not carried out: send it again, alone or in a later batch")
    }
    /// `pairing.revoke` named no browser a web view reports; `known`: the ids there are (none:
    /// no web view is connected, or it has no paired browser).
    public static func unknownBrowser(_ id: String, known: [String], webViews: Int) -> RPCError {
        let why = webViews == 0 ? "no web view is connected to the daemon (is eartrainer-web running?)"
            : known.isEmpty ? "no browser is paired" : "paired browsers: " + known.joined(separator: ", ")
        return RPCError(.unknownBrowser, message: "no paired browser '\(id)': \(why)")
    }
    /// The hub said no, or was not reached: its words.
    public static func classRefused(_ detail: String) -> RPCError {
        RPCError(.classRefused, message: detail)
    }
    public static let noPlan = RPCError(
        .noPlan, message: "no lesson plan is followed; name one in the config's training.plan (docs/plans.md)")
    public static let notPaired = RPCError(
        .notPaired, message: "that pairing code is wrong, used or expired; get a new one with 'eartrainctl web-pair'")
}

extension RPCError: CustomStringConvertible {
    public var description: String { "\(message) (\(code))" }
}
