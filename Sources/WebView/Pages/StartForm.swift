import ControlProtocol
import MusicTheory
import Training

/// The start form, drawn from the exercise catalog: one form per kind, each with the options
/// `eartrainctl start <kind>` takes (`ExerciseCommandLine`), then the options every kind shares
/// and the profile picker. A kind added to the catalog has its form here with nothing to write.
enum StartForm {
    /// The forms, inside `<details>` so the phone shows the list of kinds first. `profiles`: the
    /// students the statistics know, offered by the profile field; `csrf`: the visitor's token.
    static func html(profiles: [String], csrf: String?) -> String {
        let options = profiles.map { #"<option value="\#(HTML.escaped($0))">"# }.joined()
        let forms = ExerciseCatalog.all.enumerated().map { index, module in
            kindForm(module.kind.rawValue, module.commandLine, open: index == 0, csrf: csrf)
        }.joined(separator: "\n")
        return """
            <h2 id="start-heading">Start an exercise</h2>
            <datalist id="profiles">\(options)</datalist>
            \(forms)
            """
    }

    private static func kindForm(_ kind: String, _ commandLine: ExerciseCommandLine, open: Bool, csrf: String?) -> String {
        let id = { (name: String) in "\(kind)-\(name)" }
        var fields = commandLine.options.map { option in field(option, id: id(option.name)) }
        fields.append(#"<label for="\#(id("tuning"))">Tuning</label><select id="\#(id("tuning"))" name="tuning"><option value="">as set</option>\#(TuningSystem.allCases.map { #"<option value="\#($0.rawValue)">\#(HTML.escaped($0.displayName))</option>"# }.joined())</select>"#)
        fields.append(#"<label for="\#(id("reference"))">A4 in Hz (optional)</label><input id="\#(id("reference"))" name="reference" inputmode="decimal" autocomplete="off" placeholder="440" maxlength="6">"#)
        fields.append(#"<label class="check"><input type="checkbox" name="strict" value="on"> Exact octave</label>"#)
        fields.append(#"<label for="\#(id("profile"))">Profile (optional)</label><input id="\#(id("profile"))" name="profile" list="profiles" autocomplete="off" maxlength="64" pattern="[A-Za-z0-9._-]{1,64}">"#)
        return """
            <details class="kind"\(open ? " open" : "")><summary>\(HTML.escaped(kind))</summary>
            <p class="note">\(HTML.escaped(commandLine.abstract))</p>
            <form method="post" action="/session/start" class="start">
            <input type="hidden" name="kind" value="\(HTML.escaped(kind))">\(csrf.map { #"<input type="hidden" name="csrf" value="\#($0)">"# } ?? "")
            \(fields.joined(separator: "\n"))
            <button type="submit">Start \(HTML.escaped(kind))</button>
            </form>
            </details>
            """
    }

    /// One option: a checkbox for a flag, a text field for the rest, its help as the hint.
    private static func field(_ option: ExerciseCommandLine.Option, id: String) -> String {
        let label = HTML.escaped(option.name.replacingOccurrences(of: "-", with: " "))
        let help = HTML.escaped(option.help)
        switch option.value {
        case .flag:
            return #"<label class="check"><input type="checkbox" name="\#(HTML.escaped(option.name))" value="on" aria-describedby="\#(id)-help"> \#(label)</label><small id="\#(id)-help">\#(help)</small>"#
        case .text, .number, .list:
            let numeric = if case .number = option.value { #" inputmode="numeric""# } else { "" }
            return #"<label for="\#(id)">\#(label)</label><input id="\#(id)" name="\#(HTML.escaped(option.name))"\#(numeric) autocomplete="off" maxlength="200" aria-describedby="\#(id)-help"><small id="\#(id)-help">\#(help)</small>"#
        }
    }

    /// The `session.start` params a posted form asks for: the kind's options read as its command
    /// line reads them, then the shared ones. An unknown kind or a bad option is refused with why.
    static func params(_ form: FormFields) throws(ExerciseParams.Refusal) -> SessionStartParams {
        guard let kind = form.text("kind"), let module = ExerciseCatalog.module(named: kind) else {
            let kinds = ExerciseCatalog.all.map { $0.kind.rawValue }.joined(separator: ", ")
            throw ExerciseParams.Refusal("choose an exercise: \(kinds)")
        }
        let commandLine = module.commandLine
        let chosen = module.kind
        var arguments: [String] = []
        for option in commandLine.options {
            if case .flag = option.value {
                if form[option.name] == "on" { arguments.append("--\(option.name)") }
            } else if let value = form.text(option.name) {
                arguments.append("--\(option.name)=\(value)")
            }
        }
        var params = SessionStartParams(kind: chosen, exercise: try commandLine.params(from: arguments))
        if let tuning = form.text("tuning") {
            guard let system = TuningSystem(rawValue: tuning) else { throw ExerciseParams.Refusal("tuning: equal, just or pythagorean") }
            params.tuning = system
        }
        if let reference = form.text("reference") {
            guard let hertz = Double(reference) else { throw ExerciseParams.Refusal("A4 is a number of Hz, such as 440 or 415") }
            params.reference = hertz
        }
        if form["strict"] == "on" { params.set("strict", .bool(true)) }
        params.profile = form.text("profile")
        return params
    }
}
