import ControlProtocol
import Foundation
import MusicTheory
import Training

extension MethodTable {
    /// The methods of the protocol (docs/protocol.md lists them, and a test checks the two agree).
    /// A method is one entry here, its handler and its params type.
    public static let standard = MethodTable([
        .immediate(Methods.status, .anyone) { _, context in
            // From the core's published snapshot: no turn on the actor. Lines are answered in
            // order, so a client's own change (a `session.start` before it) is already published.
            context.router.core.currentStatus()
        },
        MethodEntry(Methods.devicesGet, .anyone) { _, context in
            context.router.core.devices()
        },
        MethodEntry(Methods.configGet, .anyone) { _, context in
            context.router.configuration()
        },
        MethodEntry(Methods.settingsGet, .anyone) { _, context in
            context.router.settings.list()
        },
        MethodEntry(Methods.settingsSet, .control) { params, context throws(RPCError) in
            switch (params.value, params.reset) {
            case (let value?, nil), (let value?, false?):
                return try await context.router.settings.set(params.key, value)
            case (nil, true?):
                return try await context.router.settings.set(params.key, nil)
            default:
                throw .invalidParams("give a value, or reset: true to hand the key back to the config file")
            }
        },
        MethodEntry(Methods.statsGet, .anyone, runsAside: true) { params, context throws(RPCError) in
            try await context.router.statistics.figures(params)
        },
        MethodEntry(Methods.statsExport, .anyone, runsAside: true) { params, context throws(RPCError) in
            try await context.router.statistics.export(params)
        },
        MethodEntry(Methods.sessionStart, .control) { params, context throws(RPCError) in
            try await StandardMethods.start(params, router: context.router)
        },
        MethodEntry(Methods.sessionStop, .control) { _, context throws(RPCError) in
            guard let results = await context.router.core.stop() else { throw .noSession(Method.sessionStop.rawValue) }
            return ResultsReport(results)
        },
        MethodEntry(Methods.sessionRepeat, .control) { params, context throws(RPCError) in
            let part = params.part ?? .all
            guard let repeated = await context.router.core.repeatPrompt(part) else { throw .noSession(Method.sessionRepeat.rawValue) }
            guard repeated else { throw .invalidParams("part: this question sets no key, so there is no cadence to hear again") }
            return SessionRepeatResult()
        },
        MethodEntry(Methods.sessionSkip, .control) { _, context throws(RPCError) in
            guard await context.router.core.skip() else { throw .noSession(Method.sessionSkip.rawValue) }
            return SessionSkipResult()
        },
        MethodEntry(Methods.sessionResults, .anyone) { _, context throws(RPCError) in
            guard let results = await context.router.core.lastResults else { throw .noResults }
            return ResultsReport(results)
        },
        MethodEntry(Methods.planGet, .anyone) { _, context throws(RPCError) in
            guard let plan = context.router.plan() else { throw .noPlan }
            return plan
        },
        MethodEntry(Methods.notesPlay, .control) { params, context throws(RPCError) in
            try await StandardMethods.play(params, router: context.router)
        },
        MethodEntry(Methods.notesBend, .control) { params, context throws(RPCError) in
            try await StandardMethods.bend(params, router: context.router)
        },
        MethodEntry(Methods.subscribe, .anyone, decodedAs: TopicsParams.self) { params, context in
            StandardMethods.topics(context.router.subscriptions.change(context.client, topics: params.topics, adding: true))
        },
        MethodEntry(Methods.unsubscribe, .anyone, decodedAs: TopicsParams.self) { params, context in
            StandardMethods.topics(context.router.subscriptions.change(context.client, topics: params.topics, adding: false))
        },
        MethodEntry(Methods.pairingOffer, .control) { _, context in
            let offered = context.router.pairing.offer()
            return PairingOfferResult(code: offered.code, expiresInSeconds: PairingCodes.lifetime)
        },
        MethodEntry(Methods.pairingRedeem, .control) { params, context throws(RPCError) in
            guard context.router.pairing.redeem(params.code, from: params.address) else { throw .notPaired }
            return PairingRedeemResult()
        },
        MethodEntry(Methods.pairingBrowsers, .control) { params, context throws(RPCError) in
            PairingBrowsersResult(revoked: try context.router.pairedBrowsers.report(params.browsers, from: context.client))
        },
        MethodEntry(Methods.pairingList, .control) { _, context in
            context.router.pairedBrowsers.list()
        },
        MethodEntry(Methods.pairingRevoke, .control) { params, context throws(RPCError) in
            PairingRevokeResult(revoked: try context.router.pairedBrowsers.revoke(params.id))
        },
        MethodEntry(Methods.classJoin, .control, runsAside: true) { params, context throws(RPCError) in
            try await context.router.classes.join(params)
        },
        MethodEntry(Methods.classStatus, .anyone) { _, context in
            await context.router.classes.status()
        },
        MethodEntry(Methods.classLeave, .control) { _, context throws(RPCError) in
            try await context.router.classes.leave()
        },
    ])
}

/// `subscribe`'s and `unsubscribe`'s params, with the refusal naming the topics there are.
struct TopicsParams: Decodable {
    var topics: Set<Topic>

    init(from decoder: any Decoder) throws {
        do {
            topics = Set(try SubscribeParams(from: decoder).topics ?? Topic.allCases)
        } catch {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [], debugDescription: "topics: a list of " + Topic.allCases.map(\.rawValue).joined(separator: ", ")))
        }
    }
}

/// The handlers of the standard methods too long to read inside the table.
enum StandardMethods {
    static func start(_ params: SessionStartParams, router: RequestRouter) async throws(RPCError) -> SessionStartResult {
        if let profile = params.profile, !ProfileName.isValid(profile) {
            throw .invalidParams("profile '\(profile)': \(ProfileName.rule)")
        }
        let exercise = try ExerciseRequest.exercise(from: params, defaults: router.defaults)
        let settings = try ExerciseRequest.settings(from: params, base: await router.core.currentSettings)
        await router.core.apply(settings)
        do {
            try await router.core.start(exercise, seed: params.seed, profile: params.profile)
        } catch {
            throw .invalidParams(error.description)
        }
        guard let session = await router.core.status().session else { throw .internalError("the session started is not in the status") }
        return SessionStartResult(session: session)
    }

    static func play(_ params: NotesPlayParams, router: RequestRouter) async throws(RPCError) -> NotesPlayResult {
        let (chords, onsets, lengths) = try Self.timedChords(params.notes)
        let velocity = params.velocity ?? 90
        guard (1...127).contains(velocity) else { throw .invalidParams("velocity must be 1-127, got \(velocity)") }
        let reports = if let onsets {
            await router.core.play(chords.indices.map { index in
                (keys: chords[index], onset: Duration.seconds(onsets[index]), length: lengths[index].map { Duration.seconds($0) })
            }, velocity: velocity)
        } else {
            await router.core.play(chords, velocity: velocity)
        }
        let played = chords.indices.map { index in
            chords[index].map(\.description).joined(separator: "+") + (onsets.map { "@\($0[index])" } ?? "")
                + (lengths[index].map { "+\($0)" } ?? "")
        }
        // The reply acknowledges the answers: it waits until they are committed.
        let recorded = if let recorded = router.recorded { await recorded(reports.after, reports.through) } else { Bool?.none }
        return NotesPlayResult(played: played, recorded: recorded)
    }

    /// Moves the wheel; the reply says where it is and how many cents that bends.
    static func bend(_ params: NotesBendParams, router: RequestRouter) async throws(RPCError) -> NotesBendResult {
        guard PitchWheel.values.contains(params.value) else {
            throw .invalidParams("value must be a whole number -8192-8191 (0: the wheel centred), got \(params.value)")
        }
        await router.core.bend(params.value)
        let range = await router.core.currentSettings.bendRangeSemitones
        let cents = (PitchWheel.cents(params.value, rangeSemitones: range) * 1000).rounded() / 1000
        return NotesBendResult(value: params.value, cents: cents)
    }

    /// The longest a timed `notes.play` may last, in seconds from its start.
    static let longestOnset = 60.0

    /// What `notes.play` presses, and when: each element may end in `@SECONDS`, its onset from
    /// the start (`"C3@0.5"`, `"C3+E3+G3@1"`), and that in `+SECONDS`, how long it is held
    /// (`"C3@0.5+0.25"`; without it a key comes up as it goes down); either every element has an
    /// onset, in order, or none has (nil: all at once).
    static func timedChords(_ values: [JSONValue]) throws(RPCError) -> (chords: [[MIDINote]], onsets: [Double]?, lengths: [Double?]) {
        var untimed: [JSONValue] = []
        var onsets: [Double] = []
        var lengths: [Double?] = []
        for value in values {
            guard case .string(let text) = value, let at = text.lastIndex(of: "@") else {
                untimed.append(value)
                lengths.append(nil)
                continue
            }
            let times = text[text.index(after: at)...].split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let onset = Self.seconds(times[0]), onset <= longestOnset else {
                throw .invalidParams("notes: \"\(text)\" has no onset after @; give seconds from the start, 0 to \(Int(longestOnset)), such as \"C3@0.5\"")
            }
            let length = times.count > 1 ? Self.seconds(times[1]) : nil
            if times.count > 1 {
                guard let length, length > 0, onset + length <= longestOnset else {
                    throw .invalidParams("notes: \"\(text)\" has no length after +; give the seconds it is held, more than 0 and ending by \(Int(longestOnset)), such as \"C3@0.5+0.25\"")
                }
            }
            lengths.append(length)
            if let last = onsets.last, onset < last {
                throw .invalidParams("notes: onsets go in order; \"\(text)\" comes before the note given ahead of it")
            }
            onsets.append(onset)
            untimed.append(.string(String(text[..<at])))
        }
        guard onsets.isEmpty || onsets.count == values.count else {
            throw .invalidParams("notes: give every note an onset (\"C3@0\", \"C3@0.5\") or none")
        }
        return (try chords(untimed), onsets.isEmpty ? nil : onsets, lengths)
    }

    /// Seconds written plainly (`0.5`, `2`): digits and a point, nothing else.
    private static func seconds(_ text: String) -> Double? {
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(text), value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// What `notes.play` presses, in order: each element one key, or keys held together — a
    /// name joined with `+` (`"C3+E3+G3"`) or an array of names and numbers (`[48, 52, 55]`).
    static func chords(_ values: [JSONValue]) throws(RPCError) -> [[MIDINote]] {
        guard !values.isEmpty, values.count <= 128 else { throw .invalidParams("notes: give 1 to 128 notes") }
        var chords: [[MIDINote]] = []
        for value in values {
            if case .string(let text) = value, text.contains("+"), text.split(separator: "+", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
                throw .invalidParams("notes: \"\(text)\" has an empty place; keys held together are names joined with +, such as \"C3+E3+G3\"")
            }
            let keys: [JSONValue] = switch value {
            case .string(let text) where text.contains("+"): text.split(separator: "+").map { .string(String($0)) }
            case .array(let keys): keys
            default: [value]
            }
            guard (1...16).contains(keys.count) else { throw .invalidParams("notes: keys held together are 1 to 16 notes, not \(keys.count)") }
            var chord: [MIDINote] = []
            for key in keys { chord.append(try note(key)) }
            chords.append(chord)
        }
        guard chords.joined().count <= 128 else { throw .invalidParams("notes: give 1 to 128 notes") }
        return chords
    }

    private static func note(_ value: JSONValue) throws(RPCError) -> MIDINote {
        switch value {
        case .string(let text):
            try ExerciseRequest.theory { () throws(TheoryError) in try MIDINote(parsing: text) }
        case .number(let number) where number.rounded() == number && abs(number) < 1e6:
            try ExerciseRequest.theory { () throws(TheoryError) in try MIDINote(validating: Int(number)) }
        default:
            throw .invalidParams("notes: each note is a name such as \"D3\" or a MIDI number 0-127, keys held together joined with + (\"C3+E3+G3\") or in an array; not \(value)")
        }
    }

    static func topics(_ topics: Set<Topic>) -> TopicsResult {
        TopicsResult(topics: topics)
    }
}

extension RequestRouter {
    /// Starts a session as `session.start` would with these params (the keyboard menu's choices:
    /// `kind` and the kind's own params).
    public func start(kind: String, params: [String: JSONValue]) async throws(RPCError) {
        let chosen: ExerciseKind
        do { chosen = try ExerciseKind(choosing: kind) } catch { throw .invalidParams(error.description) }
        _ = try await StandardMethods.start(SessionStartParams(kind: chosen, exercise: ExerciseParams(params)), router: self)
    }
}
