import ArgumentParser
import ControlProtocol
import Foundation

/// `eartrainctl export --format csv|json [--output FILE]`: every answer ever judged, asked for a
/// page at a time (`stats.export` with `after`) and written out as each page comes, so neither
/// the daemon nor this client holds a long history whole.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write every judged answer as CSV or JSON.")

    @Option(help: "csv or json.") var format = "csv"
    @Option(help: "The student profile (default: the daemon's).") var profile: String?
    @Flag(help: "Every profile's answers.") var allProfiles = false
    @Option(name: .shortAndLong, help: "Write to this file instead of stdout.") var output: String?
    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard ["csv", "json"].contains(format) else { throw ValidationError("--format: use csv or json") }
    }

    func run() async throws {
        guard let output else {
            var last = ""
            _ = try await pages { data in
                print(data, terminator: "")
                if !data.isEmpty { last = data }
            }
            // As the whole export was printed before pages: a line end added unless it ends in one.
            if !last.hasSuffix("\n") { print("") }
            return
        }
        // Written beside the file and renamed over it at the end: a failed export leaves no half file.
        let partial = output + ".part"
        guard FileManager.default.createFile(atPath: partial, contents: nil), let file = FileHandle(forWritingAtPath: partial) else {
            printError("eartrainctl: cannot write \(partial)")
            throw ExitCode(ExitCodes.cannotWrite)
        }
        do {
            let count = try await pages { data in file.write(Data(data.utf8)) }
            try file.close()
            guard rename(partial, output) == 0 else {
                printError("eartrainctl: cannot write \(output): \(String(cString: strerror(errno)))")
                throw ExitCode(ExitCodes.cannotWrite)
            }
            printError("wrote \(count) answers to \(output)")
        } catch {
            try? file.close()
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
    }

    /// Asks for every page on one connection and hands each page's text on, in order; returns
    /// how many answers there were.
    private func pages(_ write: (String) throws -> Void) async throws -> Int {
        var params = StatsExportParams(format: format, profile: profile, allProfiles: allProfiles ? true : nil)
        let link = try await connection.connect()
        var count = 0
        while true {
            let reply = try await ConnectionOptions.call(link, Method.statsExport.rawValue, params: Wire.value(params))
            let page = try Wire.decode(StatsExportResult.self, from: reply)
            try write(page.data)
            count += page.answers
            guard let next = page.next else { return count }
            params.after = next
        }
    }
}
