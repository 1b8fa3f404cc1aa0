// Balanced Latin squares (Williams designs) to counterbalance the order of conditions across participants.

/// Williams (1949) balanced Latin square: every condition appears once in every position, and every
/// condition follows every other equally often (first-order carry-over balanced). For an odd number of
/// conditions that needs 2n rows (the square and its mirror); for an even number, n rows.
public enum LatinSquare {
    /// All rows for `count` conditions; each row is an order of the indices 0..<count.
    public static func rows(count: Int) -> [[Int]] {
        guard count > 0 else { return [] }
        // First row 0, 1, n-1, 2, n-2, ...; every other row adds a constant mod n.
        var first: [Int] = []
        var low = 0
        var high = count - 1
        for position in 0..<count {
            if position == 0 {
                first.append(0)
                low = 1
            } else if position % 2 == 1 {
                first.append(low)
                low += 1
            } else {
                first.append(high)
                high -= 1
            }
        }
        var rows = (0..<count).map { shift in first.map { ($0 + shift) % count } }
        if count % 2 == 1 { rows += rows.map { Array($0.reversed()) } }
        return rows
    }

    /// The order for a participant: participant 1 gets row 1, participant 2 row 2, and so on, cycling.
    public static func order(count: Int, participantNumber: Int) -> [Int] {
        let all = rows(count: count)
        guard !all.isEmpty else { return [] }
        let index = ((participantNumber - 1) % all.count + all.count) % all.count
        return all[index]
    }
}
