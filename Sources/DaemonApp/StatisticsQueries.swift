import ControlProtocol
import Daemon
import Statistics
import Training

/// `stats.get` (a profile's lifetime figures, and the profiles there are) and `stats.export` (every
/// answer, CSV or JSON, a page at a time).
enum StatisticsQueries {
    /// Both methods over `store`, each query run in `pool`; `profile` is whose figures and answers
    /// are meant when the params name none.
    static func access(_ store: any StatisticsStore, pool: StatisticsQueryPool, profile: String) -> StatisticsAccess {
        StatisticsAccess(
            figures: { params throws(RPCError) in
                try await pool.run { () throws(RPCError) in try figures(params, store, profile: profile) }
            },
            export: { params throws(RPCError) in
                try await pool.run { () throws(RPCError) in
                    try exportPage(params, store, profile: params.allProfiles == true ? nil : try checked(params.profile) ?? profile)
                }
            })
    }

    static func figures(_ params: StatsGetParams, _ store: any StatisticsStore, profile defaultProfile: String) throws(RPCError) -> StatsGetResult {
        let name = try checked(params.profile) ?? defaultProfile
        let figures = try storeCall { () throws(StatisticsError) in try store.lifetimeFigures(profile: name) }
        let profiles = try storeCall { () throws(StatisticsError) in try store.profiles() }
        return StatsGetResult(profile: name, profiles: profiles, figures: figures, report: figures.report())
    }

    /// A profile a client named, refused (−32602) unless it keeps the profile rule: no store is
    /// asked after a name no session could have.
    static func checked(_ profile: String?) throws(RPCError) -> String? {
        guard let profile else { return nil }
        guard ProfileName.isValid(profile) else { throw .invalidParams("profile: not a profile name (\(ProfileName.rule))") }
        return profile
    }

    static func storeCall<T>(_ call: () throws(StatisticsError) -> T) throws(RPCError) -> T {
        do {
            return try call()
        } catch {
            throw .statisticsUnavailable(error.description)
        }
    }
}
