import ClientViews
import ControlProtocol

/// The daemon's updates folded into what `/live` sends: the state `eartrainctl watch` keeps,
/// redrawn as the panel after each step. It is folded once for every page (`SharedFollower`), so
/// a page that joins late is sent the panel as it is now, never the events that led to it.
struct LiveFold {
    private var state = WatchState()
    private var ready: ReadyStatus?
    private var plan: PlanStatus?

    /// Folds `update` in and returns the message for it: the panel, and for an event what a
    /// screen reader says of it.
    mutating func message(after update: DaemonUpdate) -> LiveMessage {
        var say: String?
        switch update {
        case .status(let status):
            state = WatchState(heard: state.heard)
            state.apply(status: status.session)
            ready = status.ready
            plan = status.plan
        case .event(let event):
            state.apply(event)
            say = LivePanel.announcement(event, state: state)
        }
        return LiveMessage(html: LivePanel.html(state, ready: ready, plan: plan, elapsed: state.sessionSeconds), running: state.running, say: say)
    }
}
