import CALSA
import Training

extension SoundCard {
    /// The sound cards present now, by number, as libasound sees them through each card's control
    /// device (/dev/snd/controlC*). The corresponding C functions are `snd_card_next`,
    /// `snd_ctl_open` and `snd_ctl_card_info`.
    ///
    /// The list is read here, through libasound, rather than from /proc/asound/cards, which holds
    /// the same names: the installed service runs with `ProcSubset=pid`, which hides
    /// /proc/asound, while its `DeviceAllow=char-alsa` and the `audio` group give it /dev/snd,
    /// the devices it plays on anyway (ALSACapture imports CALSA too, for the capture device). No sound
    /// subsystem, no cards; a card whose control device cannot be opened is left out (it could
    /// not be played on either).
    public static func present() -> [SoundCard] {
        calsa_silence_library_errors()
        var cards: [SoundCard] = []
        var index: Int32 = -1
        while snd_card_next(&index) >= 0 && index >= 0 {
            if let card = card(index) { cards.append(card) }
        }
        return cards
    }

    private static func card(_ index: Int32) -> SoundCard? {
        var control: OpaquePointer?
        guard snd_ctl_open(&control, "hw:\(index)", 0) >= 0, let control else { return nil }
        defer { snd_ctl_close(control) }
        var info: OpaquePointer?
        guard snd_ctl_card_info_malloc(&info) >= 0, let info else { return nil }
        defer { snd_ctl_card_info_free(info) }
        guard snd_ctl_card_info(control, info) >= 0 else { return nil }
        func text(_ value: UnsafePointer<CChar>?) -> String { value.map { String(cString: $0) } ?? "" }
        return SoundCard(
            index: Int(index), id: text(snd_ctl_card_info_get_id(info)), driver: text(snd_ctl_card_info_get_driver(info)),
            name: text(snd_ctl_card_info_get_name(info)), longName: text(snd_ctl_card_info_get_longname(info)))
    }
}
