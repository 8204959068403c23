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
    /// `exists` is asked about each path; tests pass their own, so the machine's real sockets
    /// (a system service's, a `make run`'s) cannot change the answer.
    public static func resolve(option: String?, environment: [String: String],
                               exists: (String) -> Bool = { access($0, F_OK) == 0 }) -> String {
        let paths = candidates(option: option, environment: environment)
        return paths.first(where: exists) ?? paths[0]
    }
}
