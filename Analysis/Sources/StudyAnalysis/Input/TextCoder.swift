// Dense integer codes for the distinct texts of one CSV column, looked up by the field's raw bytes.
/// Codes for the distinct texts of one column; repeated values in consecutive rows skip the hash lookup.
struct TextCoder {
    private var codes: [ByteKey: Int] = [:]
    private var lastBytes: [UInt8]?
    private var lastCode = 0
    private(set) var names: [String] = []

    /// `makeName` turns new bytes into the text they stand for; equal texts share a code.
    mutating func code(_ bytes: [UInt8], makeName: () throws -> String) rethrows -> Int {
        if let lastBytes, lastBytes == bytes { return lastCode }
        let key = ByteKey(bytes: bytes)
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
        lastBytes = bytes
        lastCode = c
        return c
    }
}
