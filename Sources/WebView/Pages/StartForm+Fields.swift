import Training

/// One field of the start form per option, as the option says what it takes: a flag is a
/// checkbox; a value with choices is a select (its first entry "as set", posting nothing, so the
/// daemon's default holds); a list with choices is a box per choice under one name; a value with
/// none is a text field. Each control has its `<label for>`, and its help as its description
/// (or, for a flag, as its label). The kinds' forms share one page and names (`strict`,
/// `no-adaptive`), so each flag and each list is a fieldset of its own, named by its legend.
extension StartForm {
    typealias Choice = ExerciseCommandLine.Option.Choice

    static func field(_ option: ExerciseCommandLine.Option, id: String) -> String {
        let label = option.name.prefix(1).uppercased() + option.name.dropFirst().replacingOccurrences(of: "-", with: " ")
        switch (option.value, option.choices.isEmpty) {
        case (.flag, _):
            return check(id: id, name: option.name, label: label, help: option.help)
        case (.list, false):
            return boxes(id: id, name: option.name, label: label, choices: option.choices, help: option.help)
        case (.text, false), (.number, false):
            return select(id: id, name: option.name, label: label, choices: option.choices, help: option.help)
        case (.text, true), (.number, true), (.list, true), (.paths, _):
            let numeric = if case .number = option.value { #" inputmode="numeric""# } else { "" }
            return #"<div class="field"><label for="\#(id)">\#(HTML.escaped(label))</label><input id="\#(id)" name="\#(HTML.escaped(option.name))"\#(numeric) autocomplete="off" maxlength="200"\#(described(id, option.help))>\#(helpText(id, option.help))</div>"#
        }
    }

    /// A select of `choices`, under their groups, after "as set".
    static func select(id: String, name: String, label: String, choices: [Choice], help: String?) -> String {
        let options = grouped(choices).map { group, members in
            let items = members.map { choice in
                let words = choice.words.map { " (\($0))" } ?? ""
                return #"<option value="\#(HTML.escaped(choice.value))">\#(HTML.escaped(choice.label + words))</option>"#
            }.joined()
            return group.map { #"<optgroup label="\#(HTML.escaped($0))">\#(items)</optgroup>"# } ?? items
        }.joined()
        return #"<div class="field"><label for="\#(id)">\#(HTML.escaped(label))</label><select id="\#(id)" name="\#(HTML.escaped(name))"\#(described(id, help))><option value="">as set</option>\#(options)</select>\#(helpText(id, help))</div>"#
    }

    /// A box per choice, all posted under `name`; none ticked posts nothing (the daemon's default).
    static func boxes(id: String, name: String, label: String, choices: [Choice], help: String?) -> String {
        let rows = grouped(choices).map { group, members in
            let chips = members.map { choice in
                let box = "\(id)-\(safe(choice.value))"
                let words = choice.words.map { #"<span class="sr-only"> (\#(HTML.escaped($0)))</span>"# } ?? ""
                return #"<label class="chip" for="\#(box)"><input type="checkbox" id="\#(box)" name="\#(HTML.escaped(name))" value="\#(HTML.escaped(choice.value))">\#(HTML.escaped(choice.label))\#(words)</label>"#
            }.joined()
            return (group.map { #"<p class="group">\#(HTML.escaped($0))</p>"# } ?? "") + #"<div class="chips">\#(chips)</div>"#
        }.joined()
        return #"<fieldset class="field choices"\#(described(id, help))><legend>\#(HTML.escaped(label))</legend>\#(rows)\#(helpText(id, help))</fieldset>"#
    }

    /// A flag: its name as the legend, the box inside the label that says what it does (the
    /// whole label the target a finger taps).
    static func check(id: String, name: String, label: String, help: String) -> String {
        #"<fieldset class="field check"><legend>\#(HTML.escaped(label))</legend><label for="\#(id)"><input type="checkbox" id="\#(id)" name="\#(HTML.escaped(name))" value="on"> \#(HTML.escaped(help))</label></fieldset>"#
    }

    /// The attribute that points a control at its help, or nothing without help.
    private static func described(_ id: String, _ help: String?) -> String {
        help == nil ? "" : #" aria-describedby="\#(id)-help""#
    }

    /// The help under the control, or nothing.
    private static func helpText(_ id: String, _ help: String?) -> String {
        help.map { #"<small id="\#(id)-help">\#(HTML.escaped($0))</small>"# } ?? ""
    }

    /// Runs of choices under one group, in order.
    private static func grouped(_ choices: [Choice]) -> [(group: String?, members: [Choice])] {
        var runs: [(group: String?, members: [Choice])] = []
        for choice in choices {
            if let last = runs.last, last.group == choice.group {
                runs[runs.count - 1].members.append(choice)
            } else {
                runs.append((choice.group, [choice]))
            }
        }
        return runs
    }

    /// Letters and digits kept, anything else `-`: a value as part of an id.
    private static func safe(_ value: String) -> String {
        String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
    }
}
