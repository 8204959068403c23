import ArgumentParser
import ControlProtocol
import Foundation
import QRCode
import Training

/// `eartrainctl web-pair`: a code that pairs a phone or tablet with the web view, the address of
/// its pairing page, and that address as a QR code to point the phone's camera at. The code is
/// the daemon's (`pairing.offer`): eight digits, five minutes, once. It is never put in the
/// address, so it stays out of browser histories and logs. `--list` and `--revoke ID` show and
/// end the pairings made (`PairedBrowsersText`).
struct WebPairCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web-pair",
        abstract: "Pair a phone or tablet with the web view: an eight-digit code, the pairing page's address and its QR code.",
        discussion: "With --list, the browsers paired now; with --revoke ID, unpair one of them (its id as --list shows it).")

    @Option(help: "The web view's address as the phone reaches it, such as http://piano.local:8750 (default: from the config's web.listen and this machine's addresses).")
    var url: String?

    @Flag(help: "Leave out the QR code.")
    var noQr = false

    @Flag(help: "List the paired browsers: id, when paired, when last seen, from where, which browser.")
    var list = false

    @Option(name: .customLong("revoke"), help: ArgumentHelp("Unpair the browser with this id (as --list shows it): its cookie no longer controls.", valueName: "id"))
    var revokeID: String?

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if list && revokeID != nil { throw ValidationError("give --list or --revoke, not both") }
    }

    func run() async throws {
        if list { return try await listBrowsers() }
        if let revokeID { return try await revoke(revokeID) }
        let offered = try Wire.decode(PairingOfferResult.self, from: try await connection.call(Method.pairingOffer.rawValue))
        let code = offered.code
        let configured = (try? await connection.call(Method.configGet.rawValue))?["web"]?["listen"]?.stringValue
        let listen = configured.flatMap { try? ListenAddress(parsing: $0) } ?? .standard
        let addresses = url.map { [$0.hasSuffix("/") ? String($0.dropLast()) : $0] } ?? WebAddresses.urls(listen: listen)
        let pages = addresses.map { $0 + "/pair" }
        if connection.json {
            // The offer as the daemon gave it, and where to type it.
            guard case .object(var printed) = Wire.value(offered) else { return }
            printed["pairing_pages"] = .array(pages.map { .string($0) })
            print(Wire.encode(JSONValue.object(printed)))
            return
        }
        print("Pairing code: \(code.prefix(4)) \(code.dropFirst(4))   (good for 5 minutes, once)")
        print("On the phone or tablet, open \(pages.joined(separator: " or ")) and type the code.")
        if url == nil && listen.isLoopback {
            print("""
                eartrainer-web listens on \(listen): this machine only. For a phone on the network, set
                  [web]
                  listen = "0.0.0.0:8750"
                in the config file and restart eartrainer-web.
                """)
        }
        if !noQr, let first = pages.first, let qr = QRCode(first) { print(qr.terminalText) }
    }
}
