import Foundation

/// A 64-bit content digest of a file (FNV-1a over 8-byte words), enough to notice that a
/// SoundFont changed. Not cryptographic: it guards a cache, not a secret.
enum ContentDigest {
    static func of(path: String) throws(AudioError) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .soundFontNotFound(searched: [path])
        }
        defer { try? handle.close() }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var length: UInt64 = 0
        while true {
            let chunk: Data
            do { chunk = try handle.read(upToCount: 1 << 22) ?? Data() } catch {
                throw .soundFontUnloadable(path: path, message: "\(error)")
            }
            if chunk.isEmpty { break }
            length += UInt64(chunk.count)
            chunk.withUnsafeBytes { raw in
                let words = raw.count / 8
                for index in 0..<words {
                    hash = (hash ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x100_0000_01b3
                }
                for index in (words * 8)..<raw.count {
                    hash = (hash ^ UInt64(raw[index])) &* 0x100_0000_01b3
                }
            }
        }
        hash = (hash ^ length) &* 0x100_0000_01b3
        return String(hash, radix: 16)
    }
}
