import CEpoll
import Glibc
import SystemCalls

/// The kernel's epoll for the server thread: descriptors stay registered from one wait to the next,
/// so a round that answers one client's `status` costs one call, however many clients are
/// connected (`poll()` hands the kernel every descriptor again each time). Level-triggered: what
/// is not read or written in a round is reported again in the next. The corresponding C functions
/// are `epoll_create1`, `epoll_ctl` and `epoll_wait`.
final class EventPoller: @unchecked Sendable {  // one thread waits on it (the server's)
    struct Interest: OptionSet, Equatable {
        let rawValue: UInt32
        static let readable = Interest(rawValue: EPOLLIN.rawValue)
        static let writable = Interest(rawValue: EPOLLOUT.rawValue)
    }

    /// One descriptor that is ready, by the tag it was registered with.
    struct Ready {
        var tag: UInt64
        var readable: Bool
        var writable: Bool
        /// The peer hung up (its reads return end of file, or the socket broke).
        var hungUp: Bool
        var failed: Bool
    }

    private let epoll: FileDescriptor
    private var ready: [epoll_event]

    init(capacity: Int = 256) throws(SystemCallError) {
        epoll = FileDescriptor(taking: try systemCall("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) })
        ready = [epoll_event](repeating: epoll_event(), count: capacity)
    }

    func add(_ descriptor: Int32, tag: UInt64, interest: Interest) throws(SystemCallError) {
        try control(EPOLL_CTL_ADD, descriptor, tag: tag, interest: interest)
    }

    func change(_ descriptor: Int32, tag: UInt64, interest: Interest) throws(SystemCallError) {
        try control(EPOLL_CTL_MOD, descriptor, tag: tag, interest: interest)
    }

    /// Stops watching a descriptor (closing it does this too).
    func remove(_ descriptor: Int32) {
        _ = try? systemCall("epoll_ctl") { epoll_ctl(epoll.rawValue, EPOLL_CTL_DEL, descriptor, nil) }
    }

    /// Waits until something is ready (at most `milliseconds`; -1: as long as it takes) and calls
    /// `each` for it; throws if waiting failed.
    func wait(milliseconds: Int32 = -1, _ each: (Ready) -> Void) throws(SystemCallError) {
        let count = try systemCall("epoll_wait") { epoll_wait(epoll.rawValue, &ready, Int32(ready.count), milliseconds) }
        for event in ready[0..<Int(count)] {
            let events = event.events
            each(Ready(
                tag: event.data.u64,
                readable: events & EPOLLIN.rawValue != 0,
                writable: events & EPOLLOUT.rawValue != 0,
                hungUp: events & EPOLLHUP.rawValue != 0,
                failed: events & EPOLLERR.rawValue != 0))
        }
    }

    private func control(_ operation: Int32, _ descriptor: Int32, tag: UInt64, interest: Interest) throws(SystemCallError) {
        var event = epoll_event()
        event.events = interest.rawValue
        event.data.u64 = tag
        try systemCall("epoll_ctl") { epoll_ctl(epoll.rawValue, operation, descriptor, &event) }
    }
}
