import ArgumentParser
import ClassHub
import ClassProtocol
import ConfigFile
import Foundation
import Glibc
import Hummingbird
import Logging
import Training

/// `eartrainer-hub`: a class's hub (docs/class.md). Run as itself it serves; its subcommands
/// make codes, set the teacher's password, export and delete, on the same store.
public struct EartrainerHub: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "eartrainer-hub",
        abstract: "Collect a class's answers from its boxes and show them to the teacher (docs/class.md).",
        subcommands: [Serve.self, EnrollCode.self, Assign.self, Unassign.self, TeacherPasswordCommand.self, Export.self, DeleteStudent.self],
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

    /// The store, its schema brought up to date. Run as root on a state directory that another
    /// user owns (the service's, `DynamicUser=`), what the command makes there is given to that
    /// user as it ends (`StateOwner`).
    func open() throws -> HubStore {
        StateOwner.keep(ownerOf: stateDirectory)
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

    struct Assign: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "assign", abstract: "Assign a lesson plan to the class, or to one student: their boxes follow it from their next round.")

        @OptionGroup var storeOptions: StoreOptions

        @Argument(help: "The plan file (TOML, docs/plans.md), or the name of a plan in the package (beginner).")
        var plan: String

        @Option(help: "The student it is for, by id or name (else the whole class).")
        var student: String?

        func run() throws {
            let text: String
            if let shipped = LessonPlanFile.shipped[plan] {
                text = shipped
            } else {
                guard let data = FileManager.default.contents(atPath: plan) else { throw ValidationError("\(plan) cannot be read") }
                text = String(decoding: data, as: UTF8.self)
            }
            // Checked here, with the words a box would use: a plan the boxes cannot follow is not sent.
            let parsed: LessonPlan
            do { parsed = try LessonPlanFile.parse(text, file: plan) } catch { throw ValidationError("\(error)") }
            let store = try storeOptions.open()
            let id = try store.assign(title: parsed.name, plan: text, student: try student.map(store.findStudent))
            print("assigned \"\(parsed.name)\" (\(parsed.lessons.count) lessons) to \(student ?? "the class"): \(id)")
        }
    }

    struct Unassign: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unassign", abstract: "Withdraw the class's assignments, or one student's: their boxes go back to the plan before.")

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "The student, by id or name (else the class's own assignments).")
        var student: String?

        func run() throws {
            let store = try storeOptions.open()
            let removed = try store.unassign(student: try student.map(store.findStudent))
            print("\(removed) assignment\(removed == 1 ? "" : "s") withdrawn")
        }
    }
}

/// A state directory another user owns (the service's, `DynamicUser=`), used by a command run as
/// root (`sudo eartrainer-hub enroll-code --state /var/lib/eartrainer-hub`): whatever the command
/// makes there is given to that user as it ends, so the service can still open it. (Becoming the
/// user instead cannot work: the directory lies in /var/lib/private, which only root may pass
/// through, and SQLite opens a database by its full path.)
enum StateOwner {
    /// The directory and its owner, once a command run as root has used it.
    nonisolated(unsafe) static var kept: (path: String, user: uid_t, group: gid_t)?

    static func keep(ownerOf directory: String) {
        guard geteuid() == 0, kept == nil else { return }
        var info = stat()
        guard stat(directory, &info) == 0, info.st_uid != 0 else { return }
        kept = (directory, info.st_uid, info.st_gid)
        atexit { StateOwner.giveBack() }
    }

    /// Gives every file in the directory that root owns to the directory's owner.
    static func giveBack() {
        guard let (directory, user, group) = kept else { return }
        var paths = [directory]
        if let walk = FileManager.default.enumerator(atPath: directory) {
            for case let name as String in walk { paths.append(directory + "/" + name) }
        }
        for path in paths {
            var info = stat()
            if lstat(path, &info) == 0, info.st_uid == 0 { _ = lchown(path, user, group) }
        }
    }
}
