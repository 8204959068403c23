import Foundation
import Glibc

// Asks a daemon for its status over its Unix socket from N clients at once, each on its own
// thread, and prints one JSON line: the latency percentiles and the requests per second. The same
// client code drives both daemons, so what differs is the daemon:
//
//   SocketBenchmark --protocol eartrainer|mpd --socket PATH --clients N --requests M [--new-ids yes]
//
// eartrainer: one JSON-RPC `status` request a line, one reply a line (docs/protocol.md); the
// same line each time (as a poller sends it), or with `--new-ids yes` a new id in every request.
// mpd: the command `status`, answered by `key: value` lines ending with `OK`.

struct Options {
    var speaksMPD = false
    var socketPath = ""
    var clients = 1
    var requests = 2000
    var newIds = false

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { Self.fail("\(flag) needs a value") }
            switch flag {
            case "--protocol":
                guard value == "mpd" || value == "eartrainer" else { Self.fail("--protocol is eartrainer or mpd") }
                speaksMPD = value == "mpd"
            case "--socket": socketPath = value
            case "--clients": clients = Int(value) ?? 0
            case "--requests": requests = Int(value) ?? 0
            case "--new-ids": newIds = value == "yes"
            default: Self.fail("unknown option \(flag)")
            }
        }
        if socketPath.isEmpty || clients < 1 || requests < 1 { Self.fail("usage: SocketBenchmark --protocol eartrainer|mpd --socket PATH --clients N --requests M") }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("SocketBenchmark: \(message)\n".utf8))
        exit(64)
    }
}

/// One blocking connection that sends a request and reads up to the end of its answer.
final class Client: @unchecked Sendable {  // each is used by one thread
    private let fd: Int32
    private var pending: [UInt8] = []
    private var request: [UInt8]
    private let newIds: Bool
    private var nextId = 1
    private let answerEnds: (ArraySlice<UInt8>) -> Bool

    init(path: String, speaksMPD: Bool, newIds: Bool) {
        self.newIds = newIds && !speaksMPD
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if connected != 0 { Options.fail("cannot connect to \(path): \(String(cString: strerror(errno)))") }
        if speaksMPD {
            request = Array("status\n".utf8)
            answerEnds = { line in line.elementsEqual("OK".utf8) || line.starts(with: "ACK".utf8) }
        } else {
            request = Array(#"{"jsonrpc":"2.0","id":1,"method":"status"}"#.utf8) + [10]
            answerEnds = { _ in true }
        }
        _ = readLine()  // the greeting: "OK MPD x.y.z", or eartrainer's hello notification
    }

    deinit { close(fd) }

    /// One round trip.
    func ask() {
        if newIds {
            nextId += 1
            request = Array(#"{"jsonrpc":"2.0","id":\#(nextId),"method":"status"}"#.utf8) + [10]
        }
        var offset = 0
        while offset < request.count {
            let written = request.withUnsafeBytes { send(fd, $0.baseAddress! + offset, request.count - offset, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { Options.fail("send: \(String(cString: strerror(errno)))") }
            offset += written
        }
        while !answerEnds(readLine()) {}
    }

    /// The next line of the answer. The client's own work is kept small and equal for both
    /// protocols (one buffer reused, memchr), so that the round trip measures the daemon.
    private func readLine() -> ArraySlice<UInt8> {
        while true {
            if let newline = firstNewline() {
                let line = pending[start..<newline]
                start = newline + 1
                return line
            }
            pending.removeFirst(start)
            start = 0
            let count = receiveBuffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if count <= 0 { Options.fail("the daemon closed the connection") }
            pending.append(contentsOf: receiveBuffer[0..<count])
        }
    }

    private var start = 0
    private var receiveBuffer = [UInt8](repeating: 0, count: 65536)

    private func firstNewline() -> Int? {
        pending.withUnsafeBytes { bytes in
            guard start < bytes.count, let found = memchr(bytes.baseAddress! + start, 10, bytes.count - start) else { return nil }
            return bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
        }
    }
}

let options = Options(CommandLine.arguments)
let clients = (0..<options.clients).map { _ in Client(path: options.socketPath, speaksMPD: options.speaksMPD, newIds: options.newIds) }
var latencies = [[Double]](repeating: [], count: options.clients)
let group = DispatchGroup()
let started = ContinuousClock.now
latencies.withUnsafeMutableBufferPointer { slots in
    let slots = UncheckedSlots(slots)
    for (index, client) in clients.enumerated() {
        group.enter()
        Thread {
            var mine: [Double] = []
            mine.reserveCapacity(options.requests)
            for _ in 0..<options.requests {
                let start = ContinuousClock.now
                client.ask()
                let took = ContinuousClock.now - start
                mine.append(Double(took.components.seconds) * 1e3 + Double(took.components.attoseconds) * 1e-15)
            }
            slots.base[index] = mine
            group.leave()
        }.start()
    }
    group.wait()
}
let elapsed = ContinuousClock.now - started
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
let all = latencies.flatMap { $0 }.sorted()
func percentile(_ fraction: Double) -> Double { all[min(all.count - 1, Int(Double(all.count) * fraction))] }
let report: [String: Any] = [
    "protocol": options.speaksMPD ? "mpd" : "eartrainer", "clients": options.clients, "requests": all.count,
    "p50_ms": percentile(0.5), "p90_ms": percentile(0.9), "p99_ms": percentile(0.99), "p999_ms": percentile(0.999),
    "max_ms": all.last ?? 0,
    "requests_per_second": Double(all.count) / seconds,
]
let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
print(String(decoding: json, as: UTF8.self))

/// Each thread writes only its own slot, and the main thread reads them after `group.wait()`.
struct UncheckedSlots: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<[Double]>
    init(_ base: UnsafeMutableBufferPointer<[Double]>) { self.base = base }
}
