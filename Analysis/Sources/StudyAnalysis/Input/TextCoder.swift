// Dense integer codes for the distinct texts of one CSV column, looked up by the field's raw bytes.
import Foundation

/// Codes for the distinct texts of one column; repeated values in consecutive rows skip the hash lookup.
struct TextCoder {
    private var codes: [ByteKey: Int] = [:]
    /// A copy of the last field's bytes (the record's own are the reader's buffer, reused for the next row).
    private var lastBytes: [UInt8]?
    private var lastCode = 0
    private(set) var names: [String] = []

    /// `makeName` turns new bytes into the text they stand for; equal texts share a code.
    mutating func code(_ bytes: UnsafeBufferPointer<UInt8>, makeName: () throws -> String) rethrows -> Int {
        if let lastBytes, ByteKey.same(lastBytes, bytes) { return lastCode }
        let key = ByteKey(bytes: Array(bytes))
        let c: Int
        if let known = codes[key] {
            c = known
        } else {
            let name = try makeName()
            c =
                names.firstIndex(of: name)
                ?? {
                    names.append(name)
                    return names.count - 1
                }()
            codes[key] = c
        }
        lastBytes = key.bytes
        lastCode = c
        return c
    }
}
