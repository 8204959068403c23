import ALSASequencer
import Testing
import Training

/// The sound cards as libasound lists them. This machine kind has no sound subsystem: the list
/// is empty, and asking prints nothing; in the VM it holds the loopback and USB cards.
@Suite("The sound cards present")
struct SoundCardListTests {
    @Test("cards come by number, each with an id and a name, and asking twice gives the same list")
    func listed() {
        let cards = SoundCard.present()
        #expect(cards.map(\.index) == cards.map(\.index).sorted() && Set(cards.map(\.index)).count == cards.count)
        #expect(cards.allSatisfy { !$0.id.isEmpty && !$0.name.isEmpty })
        #expect(SoundCard.present() == cards)
    }
}
