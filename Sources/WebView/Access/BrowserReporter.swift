import ServiceLifecycle

/// Keeps the daemon told of the paired browsers (`pairing.browsers`), so that `eartrainctl
/// web-pair --list` and `--revoke` can reach them through it (the web view's state file is its
/// own account's alone), and forgets each browser the daemon revokes: its cookie no longer
/// controls from that moment.
struct BrowserReporter<Daemon: DaemonLink>: Service {
    let browsers: PairedBrowsers
    let daemon: Daemon

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            for await ids in daemon.report(browsers: browsers.summaries()) { browsers.forget(ids: ids) }
        }
    }
}
