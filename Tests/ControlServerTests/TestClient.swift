import Foundation
import SocketTestSupport

/// The server's tests talk through the line client the daemon's tests use too.
typealias TestClient = LineClient

/// A fresh socket path in a fresh temporary folder.
func temporarySocketPath() -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("eartrainer-test-\(UUID().uuidString.prefix(8))")
    return folder.appendingPathComponent("control.sock").path
}
