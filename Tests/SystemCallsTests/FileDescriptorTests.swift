import Glibc
import Testing

@testable import SystemCalls

@Suite("FileDescriptor and WakePipe")
struct FileDescriptorTests {
    @Test("an owned descriptor is closed when its value goes: the peer reads end of file")
    func closesWhenGone() throws {
        var ends: [Int32] = [-1, -1]
        try systemCall("socketpair") { socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) }
        let peer = FileDescriptor(taking: ends[1])
        do {
            let mine = FileDescriptor(taking: ends[0])
            try mine.makeNonBlocking()
            #expect(fcntl(mine.rawValue, F_GETFL) & O_NONBLOCK != 0)
            #expect(fcntl(mine.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        }
        var byte: UInt8 = 0
        #expect(try systemCall("read") { read(peer.rawValue, &byte, 1) } == 0)
    }

    @Test("a wake makes a poll return; drain empties the pipe; a stop request is seen")
    func wakePipe() throws {
        let pipe = try WakePipe()
        var descriptor = pollfd(fd: pipe.readEnd.rawValue, events: Int16(POLLIN), revents: 0)
        #expect(try systemCall("poll") { poll(&descriptor, 1, 0) } == 0)
        pipe.wake()
        pipe.wake()
        #expect(try systemCall("poll") { poll(&descriptor, 1, 0) } == 1)
        pipe.drain()
        #expect(try systemCall("poll") { poll(&descriptor, 1, 0) } == 0)
        #expect(!pipe.stopRequested)
        pipe.requestStop()
        #expect(pipe.stopRequested)
        pipe.sleep(for: .seconds(10))  // returns at once: the stop request woke it
    }

    @Test("bytes written to the write end come out one by one (a signal handler writes the signal's number)")
    func nextByte() throws {
        let pipe = try WakePipe()
        for number in [SIGWINCH, SIGINT] {
            var byte = UInt8(number)
            #expect(write(pipe.writeEnd.rawValue, &byte, 1) == 1)
        }
        #expect(pipe.nextByte() == UInt8(SIGWINCH))
        #expect(pipe.nextByte() == UInt8(SIGINT))
        #expect(pipe.nextByte() == nil)
    }

    @Test("durations round up to whole poll() milliseconds", arguments: [
        (Duration.zero, Int32(0)), (.milliseconds(1), 1), (.microseconds(1), 1), (.microseconds(1500), 2),
        (.seconds(3), 3000), (.milliseconds(-5), 0),
    ])
    func pollMilliseconds(duration: Duration, expected: Int32) {
        #expect(duration.pollMilliseconds == expected)
    }
}
