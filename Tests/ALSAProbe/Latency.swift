import ALSASequencer
import Foundation
import VMProbeSupport
import Synchronization

/// Times MIDI bytes written to the virmidi device until they reach (a) the input thread, (b) the
/// consumer of `KeyboardInput.events`, and (c) aseqdump listening to the same port in the same run
/// (its output line read through a pipe; aseqdump flushes after each event batch).
struct LatencyBenchmark {
    let report: Report
    let samples = 200
    let virmidiPath = "/dev/snd/midiC0D0"

    func run(_ main: Collector) -> String {
        let dump = Process()
        dump.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        dump.arguments = ["stdbuf", "-oL", "aseqdump", "-p", "Virtual Raw MIDI 0-0"]
        let pipe = Pipe()
        dump.standardOutput = pipe
        let lines = Mutex<[(line: String, at: ContinuousClock.Instant)]>([])
        do { try dump.run() } catch {
            report.check("latency aseqdump starts", false, "\(error)")
            return ""
        }
        let reader = Thread {
            var buffer: [UInt8] = []
            while true {
                let data = pipe.fileHandleForReading.availableData
                let now = ContinuousClock.now
                if data.isEmpty { return }
                buffer.append(contentsOf: data)
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    lines.withLock { $0.append((line, now)) }
                }
            }
        }
        reader.start()
        _ = waitUntil(.seconds(10)) { lines.withLock { $0.contains { $0.line.contains("Waiting") } } }
        usleep(200_000)

        guard let device = RawMIDIDevice(path: virmidiPath) else {
            report.check("latency open device", false, "open \(virmidiPath) failed")
            return ""
        }
        let mark = main.mark
        var written: [(note: Int, at: ContinuousClock.Instant)] = []
        for i in 0..<samples {
            let note = 36 + i % 48
            let at = ContinuousClock.now
            device.write([0x90, UInt8(note), UInt8(1 + i % 120)])
            written.append((note, at))
            usleep(10_000)
            device.write([0x80, UInt8(note), 0])
            usleep(10_000)
        }
        _ = waitUntil(.seconds(10)) {
            main.messages(after: mark).count >= 2 * samples
                && lines.withLock { $0.filter { $0.line.contains("Note on") }.count } >= samples
        }
        dump.terminate()
        dump.waitUntilExit()

        let ours = main.messages(after: mark).filter {
            if case .noteOn = $0.message { return true }
            return false
        }
        let theirs = lines.withLock { $0.filter { $0.line.contains("Note on") } }
        let oursInOrder = ours.count == samples && zip(ours, written).allSatisfy {
            if case let .noteOn(_, note, _) = $0.0.message { return note.rawValue == $0.1.note }
            return false
        }
        let theirsInOrder = theirs.count == samples && zip(theirs, written).allSatisfy {
            $0.0.line.contains("note \($0.1.note),")
        }
        report.check("latency samples matched", oursInOrder && theirsInOrder,
                     "ours \(ours.count), aseqdump \(theirs.count) of \(samples)")
        guard oursInOrder, theirsInOrder else { return "" }

        let thread = zip(ours, written).map { ($0.0.arrival - $0.1.at).milliseconds }
        let consumer = zip(ours, written).map { ($0.0.receivedAt - $0.1.at).milliseconds }
        let aseqdump = zip(theirs, written).map { ($0.0.at - $0.1.at).milliseconds }
        let table = """
        samples: \(samples) note-ons, 3 bytes each, one write() every 20 ms to \(virmidiPath)
        | path | median ms | p90 ms | min ms | max ms |
        | --- | --- | --- | --- | --- |
        \(row("input thread (arrival stamp)", thread))
        \(row("consumer of KeyboardInput.events", consumer))
        \(row("aseqdump output line, read through a pipe", aseqdump))
        """
        report.note(table)
        return table
    }

    private func row(_ name: String, _ values: [Double]) -> String {
        let sorted = values.sorted()
        func at(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int(q * Double(sorted.count)))] }
        let f = { (v: Double) in String(format: "%.3f", v) }
        return "| \(name) | \(f(at(0.5))) | \(f(at(0.9))) | \(f(sorted.first!)) | \(f(sorted.last!)) |"
    }
}
