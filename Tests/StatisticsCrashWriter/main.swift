// Writes answers into a statistics database as fast as it can, printing each answer's number on
// stdout once `recordAnswer` has returned (committed). The durability test kills it with SIGKILL
// and checks that every number printed is in the database.
//
// Usage: StatisticsCrashWriter DATABASE
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging
import Statistics

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: StatisticsCrashWriter DATABASE\n".utf8))
    exit(64)
}
let logger = Logger(label: "crash-writer", factory: { _ in SwiftLogNoOpLogHandler() })
let store: SQLiteStatisticsStore
do {
    store = try SQLiteStatisticsStore(path: arguments[1], logger: logger)
} catch {
    FileHandle.standardError.write(Data("cannot open: \(error)\n".utf8))
    exit(1)
}
let session = UUID()
let start = Date(timeIntervalSince1970: 1_800_000_000)
try store.recordSessionStart(SessionStartRecord(id: session, profile: "crash", startedAt: start, exercise: .interval))
var number = 0
while true {
    try store.recordAnswer(
        AnswerRecord(
            time: start + Double(number), session: session, profile: "crash", exercise: .interval, root: "C",
            interval: "P5", expected: "G3", expectedMIDI: 55, playedMIDI: 55, correct: true, attempt: number,
            responseSeconds: 1))
    let line = "\(number)\n"
    _ = line.withCString { write(1, $0, strlen($0)) }
    number += 1
}
