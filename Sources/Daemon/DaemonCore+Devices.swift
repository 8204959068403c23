import ControlProtocol

extension DaemonCore {
    /// What `devices.get` answers: the keyboards as `status` has them, and what the sound output
    /// says of its driver, its device and the sound cards present (read now, off the actor).
    public nonisolated func devices() -> DevicesResult {
        let keyboards = keyboardStatus()
        return DevicesResult(
            keyboards: KeyboardDevices(sequencer: keyboards.sequencerOpen, connected: keyboards.keyboards, problem: keyboards.problem),
            sound: sound.devices)
    }
}
