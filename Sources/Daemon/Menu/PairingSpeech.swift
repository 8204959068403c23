import ControlProtocol
import Training

/// What the voice says when the menu's skip key asks for a pairing code: the digits one by one,
/// and where the phone finds the pairing page, spelt for a voice (`1 9 2 dot 1 6 8 …`).
public enum PairingSpeech {
    public static func text(code: String, listen: ListenAddress) -> String {
        let digits = code.map(String.init).joined(separator: " ")
        guard !listen.isLoopback, let url = WebAddresses.urls(listen: listen).first else {
            return "pairing code \(digits). The web view serves this machine only: set web.listen to pair a phone."
        }
        let address = url.dropFirst("http://".count)
        let spelt = address.map { character -> String in
            switch character {
            case ".": "dot"
            case ":": "port"
            default: String(character)
            }
        }.joined(separator: " ")
        return "pairing code \(digits). Again: \(digits). On the phone, open \(spelt), slash pair, and type the code."
    }
}
