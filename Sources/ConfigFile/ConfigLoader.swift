import Glibc
import SystemCalls
import TOMLKit

/// Reads and checks config files: the one place TOML text becomes an `EartrainerConfig`.
public enum ConfigLoader {
    /// The config in `text`; `file` names it in errors.
    ///
    /// Syntax errors carry toml++'s line and column; unknown keys, wrong types and values out of
    /// range carry the key's line and its dotted name.
    public static func parse(_ text: String, file: String) throws(ConfigError) -> EartrainerConfig {
        var reader = try reader(text, file: file)
        return try EartrainerConfig(reading: &reader)
    }

    /// A reader of the TOML in `text`, its syntax checked; `file` names it in errors.
    static func reader(_ text: String, file: String) throws(ConfigError) -> TableReader {
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
        return TableReader(table: table, path: [], file: file, scan: scan)
    }

    /// The config in the file at `path`.
    public static func load(file path: String) throws(ConfigError) -> EartrainerConfig {
        try parse(try text(ofFile: path), file: path)
    }

    /// The text of the config file at `path`, read once: a regular file of UTF-8, at most 1 MiB.
    /// A pipe, a device or a directory is refused before it is read (a FIFO would hold the reader).
    public static func text(ofFile path: String) throws(ConfigError) -> String {
        let read: [UInt8]?
        do {
            read = try readFile(path, upTo: maximumFileSize)
        } catch {
            throw ConfigError(kind: .unreadable, file: path, line: nil, key: nil, message: "cannot read: \(error.errno.message)")
        }
        guard let bytes = read else {
            throw ConfigError(kind: .unreadable, file: path, line: nil, key: nil, message: "cannot read: not a regular file")
        }
        guard bytes.count <= maximumFileSize else {
            throw ConfigError(kind: .unreadable, file: path, line: nil, key: nil, message: "cannot read: larger than 1 MiB: not a config file")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(kind: .syntax, file: path, line: nil, key: nil, message: "syntax error: not UTF-8 text")
        }
        return text
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

    /// The largest file read as a config: 1 MiB, far more than any config needs.
    static let maximumFileSize = 1 << 20

    /// The file's first bytes, up to one past `limit` (enough to tell it is too long); nil when
    /// it is a pipe, a socket or a device (a directory fails to read, as `EISDIR` says). The
    /// corresponding C functions are `open`, `fstat` and `read`.
    static func readFile(_ path: String, upTo limit: Int) throws(SystemCallError) -> [UInt8]? {
        // Opened without waiting (a FIFO's open would wait for a writer), then looked at.
        let file = FileDescriptor(taking: try systemCall("open") { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) })
        var info = stat()
        try systemCall("fstat") { fstat(file.rawValue, &info) }
        guard [S_IFREG, S_IFDIR].contains(info.st_mode & S_IFMT) else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= limit {
            let count = try buffer.withUnsafeMutableBytes { chunk in
                Result { () throws(SystemCallError) in try systemCall("read") { read(file.rawValue, chunk.baseAddress, chunk.count) } }
            }.get()
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}
