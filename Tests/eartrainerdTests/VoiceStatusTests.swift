import DaemonTestSupport
import Foundation
import Testing

/// Without eSpeak NG's data the daemon runs silent of voice and `status` says why, as it does for
/// the sound; with the data, it says nothing of the voice.
@Suite("The voice in status", .daemon)
struct VoiceStatusTests {
    static func status(dataPath: String?) async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vs-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var config = try String(contentsOf: ConsoleExample.repository.appendingPathComponent("config/eartrainer.toml"), encoding: .utf8)
        if let dataPath { config = config.replacingOccurrences(of: "data_path = \"\"", with: "data_path = \"\(dataPath)\"") }
        config = config.replacingOccurrences(of: "driver = \"auto\"\ndevice = \"default\"",
                                             with: "driver = \"file\"\ndevice = \"\(folder.appendingPathComponent("out.wav").path)\"")
        let path = folder.appendingPathComponent("eartrainer.toml").path
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess(arguments: ["--config", path], audio: true)
        var text = ""
        _ = await Polling.wait(seconds: 20) {
            text = (try? await Eartrainctl.run(["status"], socket: daemon.socketPath).stdout) ?? ""
            return text.contains("sound: ")
        }
        return text
    }

    @Test("no voice data: the sound line says the voice is missing and why")
    func missingData() async throws {
        let text = try await Self.status(dataPath: "/nonexistent/espeak-ng-data")
        #expect(text.contains("no voice: no eSpeak NG voice data at /nonexistent/espeak-ng-data"), "\(text)")
    }

    @Test("with Debian's voice data: nothing said of the voice")
    func withData() async throws {
        let text = try await Self.status(dataPath: nil)
        #expect(text.contains("sound: ") && !text.contains("no voice"), "\(text)")
    }
}
