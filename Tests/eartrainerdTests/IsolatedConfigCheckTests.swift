import ConfigFile
import DaemonTestSupport
import Foundation
import Logging
import Testing

@testable import EartrainerdCommand

/// A config file is parsed first in a child process, so that a parser crash (toml++'s assertions)
/// refuses the file instead of ending the daemon. The checker is a command, so a crash and a hang
/// can be staged without knowing a file that crashes toml++ today (`TOMLScan` refuses those found).
@Suite("Config files checked in a child process", .daemon)
struct IsolatedConfigCheckTests {
    static func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("isolated-\(UUID().uuidString.prefix(8)).toml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let valid = "[training]\nreference_pitch = 442.0\n"

    @Test("a checker that crashes refuses the file, and a reload keeps the config in force")
    func crashRefuses() throws {
        let path = try Self.file(Self.valid)
        let crashing = IsolatedConfigCheck(command: ["/bin/sh", "-c", "kill -ABRT $$", "sh"])
        let problem = try #require(crashing.problem(with: path))
        #expect(problem.description.contains("crashed") && problem.description.contains("signal \(SIGABRT)"), "\(problem)")
        #expect(problem.description.hasPrefix(path))

        let reloader = ConfigReloader(source: .commandLine(path), initial: .defaults, logger: Logger(label: "test"), load: crashing.load)
        guard case .rejected = reloader.reload() else {
            Issue.record("a crashed check was applied")
            return
        }
        #expect(reloader.config == .defaults)
    }

    @Test("a checker that hangs is stopped and the file refused")
    func hangRefuses() throws {
        let path = try Self.file(Self.valid)
        // A checker left alone would pass the file after its sleep: a refusal is the timeout's.
        let problem = IsolatedConfigCheck(command: ["/bin/sh", "-c", "sleep 30; exit 0", "sh"], timeout: .milliseconds(300)).problem(with: path)
        #expect(problem?.description.contains("did not finish") == true)
    }

    @Test("the daemon's own check-config: a valid file loads, an invalid one gets the parser's own error")
    func realChecker() throws {
        let check = IsolatedConfigCheck(command: [DaemonProcess.executable("eartrainerd").path, "check-config"])
        let valid = try Self.file(Self.valid)
        #expect(check.problem(with: valid) == nil)
        #expect(try check.load(.commandLine(valid)).training.settings.referencePitch.hertz == 442)
        let invalid = try Self.file("[training]\nreference_pitch = \n")
        #expect(check.problem(with: invalid) == nil, "check-config exits 78 on its own: the parse here says why")
        #expect(throws: ConfigError.self) { try check.load(.commandLine(invalid)) }
    }

    @Test("the bytes checked are the bytes parsed: a file swapped during the check is not read again")
    func checkedBytesParsed() throws {
        let path = try Self.file(Self.valid)
        // The checker keeps what it was given, then puts a broken file where the old one was.
        let swapping = IsolatedConfigCheck(command: ["/bin/sh", "-c", #"cat "$1" > "$0.seen"; printf 'garbage = [' > "$0""#, path])
        let loaded = try swapping.load(.commandLine(path))
        #expect(loaded.training.settings.referencePitch.hertz == 442, "the text read before the check")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "garbage = [", "the file was swapped meanwhile")
        #expect(try String(contentsOfFile: path + ".seen", encoding: .utf8) == Self.valid, "the checker saw the same bytes")
    }

    @Test("a FIFO, a directory or a device as the config file is refused at once, unread")
    func notARegularFile() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("isolated-fifo-\(UUID().uuidString.prefix(8))").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        for (path, reason) in [(fifo, "not a regular file"), ("/dev/zero", "not a regular file"),
                               (FileManager.default.temporaryDirectory.path, "Is a directory")] {
            #expect(throws: ConfigError.self) { try IsolatedConfigCheck.daemon.load(.commandLine(path)) }
            do throws(ConfigError) {
                _ = try ConfigLoader.text(ofFile: path)
                Issue.record("\(path) was read")
            } catch {
                #expect(error.description.contains(reason), "\(path): \(error)")
            }
        }
    }

    @Test("a check cancelled (the daemon stopping) ends its checker and refuses the file")
    func cancelled() async throws {
        let path = try Self.file(Self.valid)
        // Left alone, this checker passes the file after half a minute: a refusal is the cancel's.
        let slow = IsolatedConfigCheck(command: ["/bin/sh", "-c", "sleep 30; exit 0", "sh"], timeout: .seconds(600))
        let check = Task { () -> ConfigError? in
            do throws(ConfigError) {
                _ = try slow.load(.commandLine(path))
                return nil
            } catch {
                return error
            }
        }
        check.cancel()
        let problem = try #require(await check.value, "the file was applied")
        #expect(problem.description.contains("cut short"), "\(problem)")
    }
}
