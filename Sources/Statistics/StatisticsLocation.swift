/// Where the statistics database lives by default.
public enum StatisticsLocation {
    /// The file name inside the state directory.
    public static let fileName = "eartrainer.sqlite"

    /// `$STATE_DIRECTORY/eartrainer.sqlite` (systemd's `StateDirectory=`; the first entry when it
    /// lists several), else `$XDG_STATE_HOME/eartrainer/eartrainer.sqlite`, else
    /// `$HOME/.local/state/eartrainer/eartrainer.sqlite`; nil when none is set.
    /// A pure function of the environment.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let state = environment["STATE_DIRECTORY"]?.split(separator: ":").first, !state.isEmpty {
            return "\(state)/\(fileName)"
        }
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return "\(xdg)/eartrainer/\(fileName)"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return "\(home)/.local/state/eartrainer/\(fileName)"
        }
        return nil
    }
}
