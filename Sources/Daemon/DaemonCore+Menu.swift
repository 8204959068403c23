import MusicTheory
import Training

extension DaemonCore {
    /// A key pressed with the menu open, or the menu key itself (docs/keyboard-controls.md): the
    /// menu key opens the menu (ending a running session, with its results) and then goes page
    /// by page; `stop` leaves it unchanged; `repeat` says the page again; `skip` speaks a code that
    /// pairs a phone with the web view; keys in the note range choose. Past the last page the
    /// choices are applied and the session starts.
    func menuKey(_ note: MIDINote, action: ControlAction?) {
        guard let actions = menuActions else { return }
        guard var open = menu else {
            stop()
            let opened = KeyboardMenu(current: menuStart, pages: MenuPages.pages)
            menu = opened
            if case .say(let text, _) = opened.announcement { actions.say("menu. " + text) }
            return
        }
        let response: KeyboardMenu.Response
        switch action {
        case .menu?: response = open.next()
        case .stop?: response = open.cancel()
        case .repeatPrompt?: response = open.announcement
        case .skip?:
            actions.pair?()
            return
        case nil: response = open.press(note, noteRange: currentSettings.noteRange)
        default: return
        }
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

    /// What the menu starts from: the ready exercise's kind, the tuning and sound in force.
    private var menuStart: [String: JSONValue] {
        var current: [String: JSONValue] = [
            "tuning": .string(currentSettings.tuningSystem.rawValue), "sound": .string(currentSettings.soundSource.rawValue),
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
