@testable import ConfigFile
import Foundation
import ProcessTestSupport
import Testing
import Training

/// A seeded fuzzer for the config parser: the shipped file, mutated, must load or be refused with
/// a `ConfigError` that names the file; nothing may trap. `FUZZ_ITERATIONS` sets the count (CI:
/// 2,000; a debug build parses about 200 files a second; `make fuzz`: millions, optimised).
@Suite("Config fuzzing")
struct ConfigFuzzTests {
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config/eartrainer.toml").path

    static var iterations: Int {
        ProcessInfo.processInfo.environment["FUZZ_ITERATIONS"].flatMap(Int.init) ?? 2_000
    }

    /// The fuzzer is its own program (Tests/ConfigFuzzer), so a trap in toml++ shows as its signal
    /// here instead of ending the test run, and `make fuzz` can run it optimised for millions.
    @Test("seeded mutations of the shipped config: loaded or refused with the file named, never a trap")
    func fuzzConfig() async throws {
        let process = Process()
        // Beside the test bundle, in the build folder.
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("config-fuzzer").path), directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        process.executableURL = directory.appendingPathComponent("config-fuzzer")
        process.arguments = [Self.shipped, "\(Self.iterations)"]
        let pipe = Pipe.forChild()
        process.standardOutput = pipe
        try process.runAlone()
        let output = String(decoding: await pipe.fileHandleForReading.readAll(), as: UTF8.self)
        await process.exited()
        print(output, terminator: "")
        #expect(process.terminationReason == .exit, "config-fuzzer ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0, "\(output)")
        let counts = output.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(counts.count == 3 && counts[0] == Self.iterations && counts[1] + counts[2] == counts[0] && counts[2] > 0, "\(output)")
    }
}
