/// `status` written by hand (see `JSONBytes`): members in sorted order, nil members left out, so
/// the bytes equal `Wire.encode`'s, as `JSONBytesTests` checks for every member.
extension StatusResult {
    public func write(to json: inout JSONBytes) {
        json.object { members in
            members.member("daemon") { $0.string(daemon) }
            members.member("database", ifPresent: database) { $0.string($1) }
            members.member("devices") { devices.write(to: &$0) }
            members.member("profile", ifPresent: profile) { $0.string($1) }
            members.member("protocol_version") { $0.integer(protocolVersion) }
            members.member("session", ifPresent: session) { $1.write(to: &$0) }
            members.member("storage") { $0.string(storage) }
            members.member("uptime_seconds") { $0.clock(.uptime, uptimeSeconds) }
        }
    }
}

extension SessionStatus {
    public func write(to json: inout JSONBytes) {
        json.object { members in
            members.member("correct") { $0.integer(correct) }
            members.member("direction", ifPresent: direction) { $0.string($1.rawValue) }
            members.member("elapsed_seconds") { $0.clock(.sessionElapsed, elapsedSeconds) }
            members.member("errors") { $0.integer(errors) }
            members.member("intervals", ifPresent: intervals) { $0.strings($1) }
            members.member("kind") { $0.string(kind.rawValue) }
            members.member("last_staff", ifPresent: lastStaff) { $1.write(to: &$0) }
            members.member("mode", ifPresent: mode) { $0.string($1) }
            members.member("progress", ifPresent: progress) { $0.integer($1) }
            members.member("prompt", ifPresent: prompt) { $0.string($1) }
            members.member("root") { $0.string(root) }
            members.member("seed") { $0.integer(seed) }
            members.member("staff", ifPresent: staff) { $1.write(to: &$0) }
            members.member("total", ifPresent: total) { $0.integer($1) }
            members.member("tuning") { $0.string(tuning.rawValue) }
        }
    }
}

extension DevicesStatus {
    public func write(to json: inout JSONBytes) {
        json.object { members in
            members.member("keyboard") { $0.bool(keyboard) }
            members.member("keyboards") { $0.strings(keyboards) }
            members.member("missing") { $0.strings(missing) }
            members.member("sequencer") { $0.bool(sequencer) }
            members.member("sound") { $0.bool(sound) }
            members.member("sound_device", ifPresent: soundDevice) { $0.string($1) }
        }
    }
}

extension RoundStaff {
    public func write(to json: inout JSONBytes) {
        json.object { members in
            members.member("notes") { $0.array(notes) { $1.write(to: &$0) } }
            members.member("question") { $0.string(question) }
            members.member("wrong") { $0.array(wrong) { $1.write(to: &$0) } }
        }
    }
}

extension StaffEntry {
    public func write(to json: inout JSONBytes) {
        json.object { members in
            members.member("accidental", ifPresent: accidental) { $0.string($1) }
            members.member("ledger_lines") { $0.array(ledgerLines) { $0.integer($1) } }
            members.member("note") { $0.string(note) }
            members.member("role") { $0.string(role) }
            members.member("slot", ifPresent: slot) { $0.integer($1) }
            members.member("step") { $0.integer(step) }
        }
    }
}
