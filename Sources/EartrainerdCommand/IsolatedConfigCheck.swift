import ConfigFile
import Foundation
import Glibc

/// toml++ asserts (SIGABRT, in release builds too) on some malformed files: fuzzing found four,
/// which `TOMLScan` refuses before toml++ sees them, and there may be more. A config file must
/// never end the daemon that way, least of all on a SIGHUP while a student trains. So a file is
/// parsed first by a child process (`eartrainerd check-config FILE`); only when the child has
/// finished on its own, valid or not, is the file parsed here. A child that crashed or hung
/// refuses the file. The file is read once: the child checks those very bytes (from a file of
/// its own, not the path, which may have been swapped since), and they are what is parsed here.
/// A reload that is cancelled (the daemon stopping) ends the child at once.
struct IsolatedConfigCheck: Sendable {
    /// The command that checks a file; the file's path is appended.
    var command: [String]
    /// The file run, when it is not `command[0]`.
    var program: String?
    var timeout: Duration = .seconds(10)

    /// This very executable's `check-config`, run as `eartrainerd` whatever the file's name: the
    /// package's all-in-one binary is the daemon by that name.
    static let daemon = IsolatedConfigCheck(
        command: ["eartrainerd", "check-config"], program: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path)

    /// `ConfigLoader.load`, behind the check: what the reloader and start-up use.
    func load(_ source: ConfigSource) throws(ConfigError) -> EartrainerConfig {
        guard let path = source.path else { return .defaults }
        let text = try ConfigLoader.text(ofFile: path)
        if let problem = problem(with: text, file: path) { throw problem }
        return try ConfigLoader.parse(text, file: path)
    }

    /// The check of the file at `path` as it is now (tests; `load` checks what it read).
    func problem(with path: String) -> ConfigError? {
        do throws(ConfigError) {
            return problem(with: try ConfigLoader.text(ofFile: path), file: path)
        } catch {
            return error
        }
    }

    /// Nil when the checker finished on its own on `text`; else why `file`'s text is refused.
    /// The child is made with `posix_spawn` and waited for by its pid alone (Foundation's
    /// `Process` lost the status of a child that died of a signal when other `Process`es ran in
    /// the same test process). It reads the text from a file of its own, as its descriptor 3.
    func problem(with text: String, file path: String) -> ConfigError? {
        // A file of its own, gone from the directory at once: only this descriptor reaches it.
        var template = Array((NSTemporaryDirectory() + "/eartrainer-config-XXXXXX").utf8CString)
        let memory = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard memory >= 0 else { return nil }  // no file to be had: the text is parsed here as before
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(memory, F_SETFD, FD_CLOEXEC)
        defer { close(memory) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(memory, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            written += count
        }
        let arguments = command + ["/dev/fd/3"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, memory, 3)
        // A clean signal state: the calling thread (a Swift concurrency worker) blocks signals, and
        // the daemon ignores SIGPIPE and SIGHUP; a child must not inherit either.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), every = sigset_t()
        sigemptyset(&none)
        sigfillset(&every)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &every)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        guard posix_spawn(&pid, program ?? arguments[0], &actions, &attributes, &argv, environ) == 0 else {
            return nil  // no child to be had (resources, sandbox): the file is parsed here as before
        }
        var status: Int32 = 0
        let deadline = ContinuousClock.now + timeout
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Task.isCancelled {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return ConfigError(kind: .syntax, file: path, line: nil, key: nil,
                                   message: "the check of this file was cut short (the daemon is stopping); it was not applied")
            }
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return ConfigError(kind: .syntax, file: path, line: nil, key: nil,
                                   message: "the config parser did not finish within \(timeout) on this file; it was not applied")
            }
            usleep(2_000)
        }
        let signal = status & 0x7F  // WTERMSIG; 0 when it exited
        guard signal != 0 && signal != 0x7F else { return nil }
        return ConfigError(kind: .syntax, file: path, line: nil, key: nil,
                           message: "the config parser crashed on this file (signal \(signal)\(signal == SIGABRT ? ", an assertion in toml++" : "")); it was not applied")
    }
}
