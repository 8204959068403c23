import ControlProtocol
import Daemon
import Statistics

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
                    try exportPage(params, store, profile: params.allProfiles == true ? nil : params.profile ?? profile)
                }
            })
    }

    static func figures(_ params: StatsGetParams, _ store: any StatisticsStore, profile defaultProfile: String) throws(RPCError) -> StatsGetResult {
        let name = params.profile ?? defaultProfile
        let figures = try storeCall { () throws(StatisticsError) in try store.lifetimeFigures(profile: name) }
        let profiles = try storeCall { () throws(StatisticsError) in try store.profiles() }
        return StatsGetResult(profile: name, profiles: profiles, figures: figures, report: figures.report())
    }

    static func storeCall<T>(_ call: () throws(StatisticsError) -> T) throws(RPCError) -> T {
        do {
            return try call()
        } catch {
            throw .statisticsUnavailable(error.description)
        }
    }
}
