import Crypto
import Foundation
import NIOSSL
import SwiftASN1
import X509

/// The hub's own certificate and key, made at its first start (P-256, ten years) and kept under
/// its state directory (`tls/cert.pem`, `tls/key.pem`, the key readable by the hub alone). Boxes
/// trust it by its fingerprint, which every one-time code carries: no certificate authority is
/// needed on a school's network.
public struct HubCertificate: Sendable {
    public let certificatePEM: String
    public let keyPEM: String
    /// SHA-256 of the certificate's DER, lower-case hex.
    public let fingerprint: String

    /// The certificate under `directory`, made there first when it is not.
    public static func loadOrMake(directory: String, names: [String]) throws -> HubCertificate {
        let certificatePath = directory + "/cert.pem", keyPath = directory + "/key.pem"
        if let certificate = FileManager.default.contents(atPath: certificatePath),
           let key = FileManager.default.contents(atPath: keyPath) {
            return try HubCertificate(certificatePEM: String(decoding: certificate, as: UTF8.self), keyPEM: String(decoding: key, as: UTF8.self))
        }
        let made = try make(names: names)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard FileManager.default.createFile(atPath: keyPath, contents: Data(made.keyPEM.utf8), attributes: [.posixPermissions: 0o600]),
              FileManager.default.createFile(atPath: certificatePath, contents: Data(made.certificatePEM.utf8), attributes: [.posixPermissions: 0o644])
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: directory]) }
        return made
    }

    /// A new self-signed certificate naming `names` (host names, or IP addresses) beside localhost.
    public static func make(names: [String], now: Date = Date()) throws -> HubCertificate {
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName { CommonName("eartrainer-hub") }
        var alternatives: [GeneralName] = [.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))]
        for name in names where name != "localhost" {
            if let address = DottedIPv4(name) { alternatives.append(.ipAddress(ASN1OctetString(contentBytes: address.bytes[...]))) }
            else { alternatives.append(.dnsName(name)) }
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now.addingTimeInterval(-3_600), notValidAfter: now.addingTimeInterval(3_650 * 86_400),
            issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                SubjectAlternativeNames(alternatives)
            },
            issuerPrivateKey: .init(key))
        return try HubCertificate(certificatePEM: try certificate.serializeAsPEM().pemString, keyPEM: key.pemRepresentation)
    }

    init(certificatePEM: String, keyPEM: String) throws {
        self.certificatePEM = certificatePEM
        self.keyPEM = keyPEM
        let der = try NIOSSLCertificate(bytes: Array(certificatePEM.utf8), format: .pem).toDERBytes()
        fingerprint = Self.fingerprint(der: der)
    }

    /// SHA-256 of a certificate's DER, lower-case hex: what a code carries and a box compares.
    public static func fingerprint(der: [UInt8]) -> String {
        SHA256.hash(data: der).map { String(format: "%02x", $0) }.joined()
    }

    /// The server's TLS configuration.
    public func serverConfiguration() throws -> TLSConfiguration {
        TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(certificatePEM.utf8), format: .pem))],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)))
    }
}

/// A dotted IPv4 address's four bytes.
struct DottedIPv4 {
    let bytes: [UInt8]

    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard let byte = UInt8(part) else { return nil }
            bytes.append(byte)
        }
        self.bytes = bytes
    }
}
