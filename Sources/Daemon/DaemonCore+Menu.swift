import MusicTheory
import Training

extension DaemonCore {
    /// The menu control with the menu closed (docs/keyboard-controls.md): a running session
    /// stops (with its results); with none running, the menu opens and says its first page.
    func menuControlWhileClosed() {
        if engine.isRunning {
            _ = stop()
            return
        }
        guard let actions = menuActions else { return }
        sound.silence()
        let opened = KeyboardMenu(current: menuStart, pages: MenuPages.pages)
        menu = opened
        if case .say(let text, _) = opened.announcement { actions.say("menu. " + text) }
    }

    /// A control with the menu open: `menu` goes to the next page (past the last, the choices
    /// are applied and the session starts), `stop` leaves it unchanged, `repeat` says the page
    /// again and `skip` speaks a code that pairs a phone with the web view.
    func menuControl(_ action: ControlAction) {
        guard let actions = menuActions, var open = menu else { return }
        switch action {
        case .menu: answer(open.next(), from: &open)
        case .stop: answer(open.cancel(), from: &open)
        case .repeatPrompt: answer(open.announcement, from: &open)
        case .skip: actions.pair?()
        case .newSession, .repeatCadence, .repeatNotes: return
        }
    }

    /// A key played with the menu open: it chooses on the page showing.
    func menuChoice(_ note: MIDINote) {
        guard var open = menu else { return }
        answer(open.press(note), from: &open)
    }

    private func answer(_ response: KeyboardMenu.Response, from open: inout KeyboardMenu) {
        guard let actions = menuActions else { return }
        switch response {
        case .say(let text, _):
            menu = open
            actions.say(text)
        case .cancelled:
            menu = nil
            actions.say("menu closed")
        case .finished(let choices):
            menu = nil
            Task { await actions.finished(choices) }
        }
    }

    /// What the menu starts from: the ready exercise's kind, the tuning, sound and keys in force.
    private var menuStart: [String: JSONValue] {
        var current: [String: JSONValue] = [
            "tuning": .string(currentSettings.tuningSystem.rawValue), "sound": .string(currentSettings.soundSource.rawValue),
            "keys": KeyboardMenu.value(currentSettings.noteRange),
        ]
        if let kind = readyKind { current["kind"] = .string(kind.rawValue) }
        return current
    }

    /// Sets what the menu says and does; without it the menu control does nothing.
    public func setMenuActions(_ actions: MenuActions) {
        menuActions = actions
    }

    /// Whether the keyboard menu is open.
    public var isMenuOpen: Bool { menu != nil }
}
