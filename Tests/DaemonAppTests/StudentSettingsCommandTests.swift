import ConfigFile
import ControlProtocol
import DaemonTestSupport
import Foundation
import Testing

/// `eartrainctl set` and `eartrainctl config` through the daemon: a student's setting applies to
/// the next session, is kept in the state directory, and `config` says where each value is from.
@Suite("Student settings through eartrainctl", .daemon)
struct StudentSettingsCommandTests {
    static func daemon() async throws -> (TestDaemon, String) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("student-\(UUID().uuidString.prefix(8))").path
        let source = ConfigSource.commandLine(TestDaemon.repository.appendingPathComponent("config/eartrainer.toml").path)
        let reloader = ConfigReloader(source: source, initial: try ConfigLoader.load(source), logger: TestDaemon.logger,
                                      studentPath: state + "/student.toml")
        return (try await TestDaemon(socketFile: true, config: reloader), state + "/student.toml")
    }

    @Test("set, then config shows it as the student's; the next session is tuned so; a reset hands it back")
    func setShowReset() async throws {
        let (daemon, studentFile) = try await Self.daemon()
        let set = try await daemon.ctl("set", "tuning", "just")
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.contains(#"training.tuning = "just""#) && set.stdout.contains("# student"), "\(set.stdout)")
        #expect(try String(contentsOfFile: studentFile, encoding: .utf8).contains(#"training.tuning = "just""#))

        let shown = try await daemon.ctl("config")
        #expect(shown.stdout.contains("training.reference_pitch = 440"), "\(shown.stdout)")
        #expect(shown.stdout.contains("# config file: ") && shown.stdout.contains("config/eartrainer.toml"))
        let config = try await daemon.ctl("config", "--json").stdout
        let json = try #require(try JSONSerialization.jsonObject(with: Data(config.utf8)) as? [String: Any])
        let entries = try #require(json["settings"] as? [[String: Any]])
        #expect(entries.first { $0["key"] as? String == "training.tuning" }?["origin"] as? String == "student")
        #expect(entries.first { $0["key"] as? String == "voice.rate" }?["origin"] as? String == "file", "the shipped config sets every key")

        #expect(try await daemon.ctl("start", "interval").status == 0)
        let statusText = try await daemon.ctl("status", "--json").stdout
        let status = try #require(try JSONSerialization.jsonObject(with: Data(statusText.utf8)) as? [String: Any])
        #expect((status["session"] as? [String: Any])?["tuning"] as? String == "just")

        #expect(try await daemon.ctl("set", "--reset", "tuning").stdout.contains("# file"))
    }

    @Test("a bad value or key is refused with the reason and exit 1; nothing is kept")
    func refused() async throws {
        let (daemon, studentFile) = try await Self.daemon()
        let bad = try await daemon.ctl("set", "tuning", "meantone")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("'meantone' is not one of"), "\(bad.stderr)")
        let box = try await daemon.ctl("set", "socket.mode", "511")
        #expect(box.status == 1)
        #expect(box.stderr.contains("not a setting a student can change"), "\(box.stderr)")
        let usage = try await daemon.ctl("set", "tuning")
        #expect(usage.status == 64, "\(usage)")
        #expect(!FileManager.default.fileExists(atPath: studentFile))
    }
}
