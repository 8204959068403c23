import ArgumentParser
import ClassHub
import ClassProtocol
import Foundation
import Hummingbird
import Logging

/// `eartrainer-hub`: a class's hub (docs/class.md). Run as itself it serves; its subcommands
/// make codes, set the teacher's password, export and delete, on the same store.
public struct EartrainerHub: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "eartrainer-hub",
        abstract: "Collect a class's answers from its boxes and show them to the teacher (docs/class.md).",
        subcommands: [Serve.self, EnrollCode.self, TeacherPasswordCommand.self, Export.self, DeleteStudent.self],
        defaultSubcommand: Serve.self)

    public init() {}
}

/// The store and state directory every subcommand names the same way.
struct StoreOptions: ParsableArguments {
    @Option(help: "The hub's state directory: its SQLite store and its certificate (default: $STATE_DIRECTORY, else ./hub-state).")
    var state: String?

    @Option(help: "postgresql://USER@HOST/DATABASE to keep the class on PostgreSQL instead of SQLite.")
    var store: String?

    var stateDirectory: String {
        state ?? ProcessInfo.processInfo.environment["STATE_DIRECTORY"].flatMap { $0.split(separator: ":").first.map(String.init) }
            ?? "hub-state"
    }

    /// The store, its schema brought up to date.
    func open() throws -> HubStore {
        let database: any SQLDatabase
        if let store {
            guard store.hasPrefix("postgresql://") || store.hasPrefix("postgres://") else {
                throw ValidationError("--store takes a postgresql:// address")
            }
            database = try PostgresDatabase(url: store)
        } else {
            try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            database = try SQLiteDatabase(path: stateDirectory + "/hub.sqlite")
        }
        return try HubStore(database)
    }
}

extension EartrainerHub {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve the boxes and the teacher (the default).")

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "ADDR:PORT to listen on (default 0.0.0.0:8443).")
        var listen = "0.0.0.0:8443"

        @Flag(help: "Serve plain HTTP: only on a loopback address (a hub and its boxes on one machine).")
        var plainHTTP = false

        @Option(help: "A host name boxes reach the hub by, for its certificate (repeat it for several).")
        var name: [String] = []

        func run() async throws {
            guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]) else {
                throw ValidationError("--listen takes ADDR:PORT")
            }
            let host = String(listen[..<colon])
            if plainHTTP && !(host == "localhost" || host.hasPrefix("127.") || host == "::1") {
                throw ValidationError("--plain-http only on a loopback address: boxes elsewhere talk to the hub over TLS")
            }
            let store = try storeOptions.open()
            let certificate = plainHTTP ? nil
                : try HubCertificate.loadOrMake(directory: storeOptions.stateDirectory + "/tls", names: name + [host])
            var logger = Logger(label: "eartrainer-hub")
            logger.logLevel = .info
            logger.info("serving the class", metadata: [
                "listen": "\(listen)", "store": "\(store.database.kind)", "fingerprint": "\(certificate?.fingerprint ?? "none (plain HTTP)")",
            ])
            let app = try buildHub(configuration: HubConfiguration(host: host, port: port, certificate: certificate), store: store,
                                   teacher: TeacherLogin(), logger: logger)
            try await app.runService()
        }
    }

    struct EnrollCode: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "enroll-code", abstract: "Print a one-time code a box joins with.")

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "The student the box is for (else the box names its student when it joins).")
        var student: String?

        func run() throws {
            let store = try storeOptions.open()
            let secret = try store.makeCode(student: try student.map { try store.addStudent(name: $0) })
            let certificate = try? HubCertificate.loadOrMake(directory: storeOptions.stateDirectory + "/tls", names: [])
            print(ClassCode(secret: secret, fingerprint: certificate?.fingerprint ?? ""))
        }
    }

    struct TeacherPasswordCommand: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "teacher-password",
                                                        abstract: "Set the teacher's password, read from standard input.")

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            guard let password = readLine(strippingNewline: true) else { throw ValidationError("no password on standard input") }
            try storeOptions.open().setTeacherPassword(password)
            print("the teacher's password is set")
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export",
                                                        abstract: "Every judged note as CSV: one row per answer, with box, student and answer ids.")

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let store = try storeOptions.open()
            var after: HubStore.ExportPosition?
            FileHandle.standardOutput.write(Data(HubExport.header.utf8))
            while true {
                let page = try store.exportPage(after: after, limit: 5_000)
                guard let last = page.last else { break }
                FileHandle.standardOutput.write(Data(page.map(HubExport.line).joined().utf8))
                after = last.position
            }
        }
    }

    struct DeleteStudent: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete-student",
                                                        abstract: "Delete a student's answers and figures; their boxes leave the class.")

        @OptionGroup var storeOptions: StoreOptions

        @Argument(help: "The student's id (as the teacher's pages and the export give it).")
        var id: String

        func run() throws {
            try storeOptions.open().deleteStudent(id)
            print("student \(id) deleted")
        }
    }
}
