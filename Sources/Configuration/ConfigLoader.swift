#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TOMLKit

/// Reads and checks config files: the one place TOML text becomes an `EartrainerConfig`.
public enum ConfigLoader {
    /// The config in `text`; `file` names it in errors.
    ///
    /// Syntax errors carry toml++'s line and column; unknown keys, wrong types and values out of
    /// range carry the key's line and its dotted name.
    public static func parse(_ text: String, file: String) throws(ConfigError) -> EartrainerConfig {
        let scan = TOMLScan(text)
        if let problem = scan.problem {
            throw ConfigError(
                kind: .syntax, file: file, line: problem.line, column: problem.column, key: nil,
                message: "syntax error: \(problem.message)")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(
                kind: .syntax, file: file, line: error.source.begin.line, column: error.source.begin.column, key: nil,
                message: "syntax error: \(error.description)")
        } catch {
            throw ConfigError(kind: .syntax, file: file, line: nil, key: nil, message: "syntax error: \(error)")
        }
        var reader = TableReader(table: table, path: [], file: file, scan: scan)
        return try EartrainerConfig(reading: &reader)
    }

    /// The config in the file at `path`.
    public static func load(file path: String) throws(ConfigError) -> EartrainerConfig {
        let bytes: [UInt8]
        do {
            bytes = try readFile(path)
        } catch {
            throw ConfigError(kind: .unreadable, file: path, line: nil, key: nil, message: "cannot read: \(error)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(kind: .syntax, file: path, line: nil, key: nil, message: "syntax error: not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// The config `source` names; the built-in defaults when it names no file.
    public static func load(_ source: ConfigSource) throws(ConfigError) -> EartrainerConfig {
        guard let path = source.path else { return .defaults }
        return try load(file: path)
    }

    /// `eartrainerd check-config [FILE]`: the file's config, or the error to print before
    /// exiting with `ConfigError.exitCode`. Nothing is started.
    public static func check(file path: String) -> Result<EartrainerConfig, ConfigError> {
        Result { () throws(ConfigError) in try load(file: path) }
    }

    /// `eartrainerd check-config` without a file: the config the lookup finds (the built-in
    /// defaults are always valid).
    public static func check(_ source: ConfigSource) -> Result<EartrainerConfig, ConfigError> {
        Result { () throws(ConfigError) in try load(source) }
    }

    /// The whole file, or an error naming errno's reason.
    static func readFile(_ path: String) throws(Message) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Message(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Message(String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
            guard bytes.count <= 1 << 20 else { throw Message("larger than 1 MiB: not a config file") }
        }
    }
}
