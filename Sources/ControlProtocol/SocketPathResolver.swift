import Glibc

/// Where a client looks for the daemon: `--socket`, `$EARTRAINER_SOCKET`, then the first of the
/// daemon's usual places that exists — `$XDG_RUNTIME_DIR/eartrainer.sock` (a user's daemon),
/// `/run/eartrainer/eartrainer.sock` (the system service), `./run/eartrainer.sock` (`make run`).
public enum SocketPathResolver {
    public static func candidates(option: String?, environment: [String: String]) -> [String] {
        if let option, !option.isEmpty { return [option] }
        if let path = environment["EARTRAINER_SOCKET"], !path.isEmpty { return [path] }
        var paths: [String] = []
        if let xdg = environment["XDG_RUNTIME_DIR"], !xdg.isEmpty { paths.append("\(xdg)/eartrainer.sock") }
        paths += ["/run/eartrainer/eartrainer.sock", "./run/eartrainer.sock"]
        return paths
    }

    /// The first candidate that exists, else the first candidate (so the error names it).
    public static func resolve(option: String?, environment: [String: String]) -> String {
        let paths = candidates(option: option, environment: environment)
        return paths.first { access($0, F_OK) == 0 } ?? paths[0]
    }
}
