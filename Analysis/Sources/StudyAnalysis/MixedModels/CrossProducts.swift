// The sufficient statistics of a linear mixed model, accumulated row by row: memory grows with groups, not rows.
import Foundation

/// X'X, X'y, y'y and the Z blocks' cross-products. Block 0 (the grouping factor with most levels) is kept level by
/// level (Z1'Z1 is block diagonal); the other blocks (e.g. sounds, sites) are kept dense as Z2.
struct CrossProducts: Sendable {
    let p: Int
    let d1: Int
    let n1: Int
    /// Offsets of blocks 1... inside Z2 (level-major within a block).
    let offsets2: [Int]
    let dims2: [Int]
    let q2: Int
    var n = 0
    var xtx: [Double]
    var xty: [Double]
    var yty = 0.0
    /// Per level of block 0: Z1j'Z1j (d1 x d1), Z1j'X (d1 x p), Z1j'y (d1).
    var z1tz1: [Double]
    var z1tx: [Double]
    var z1ty: [Double]
    var z2tz2: [Double]
    var z2tz1: [Double]
    var z2tx: [Double]
    var z2ty: [Double]

    init(design: MixedModelDesign) {
        p = design.fixed.count
        let blocks = design.blocks
        d1 = blocks[0].dimension
        n1 = blocks[0].levelCount
        var offsets: [Int] = []
        var q = 0
        for b in blocks.dropFirst() {
            offsets.append(q)
            q += b.levelCount * b.dimension
        }
        offsets2 = offsets
        dims2 = blocks.dropFirst().map(\.dimension)
        q2 = q
        xtx = [Double](repeating: 0, count: p * p)
        xty = [Double](repeating: 0, count: p)
        z1tz1 = [Double](repeating: 0, count: n1 * d1 * d1)
        z1tx = [Double](repeating: 0, count: n1 * d1 * p)
        z1ty = [Double](repeating: 0, count: n1 * d1)
        z2tz2 = [Double](repeating: 0, count: q * q)
        z2tz1 = [Double](repeating: 0, count: q * n1 * d1)
        z2tx = [Double](repeating: 0, count: q * p)
        z2ty = [Double](repeating: 0, count: q)
    }

    mutating func add(_ row: ModelRow) {
        let x = row.x
        let y = row.y
        n += 1
        yty += y * y
        for i in 0..<p {
            let xi = x[i]
            if xi == 0 { continue }
            xty[i] += xi * y
            for j in 0..<p { xtx[i * p + j] += xi * x[j] }
        }
        let g = row.level[0]
        let z1 = row.z[0]
        for a in 0..<d1 {
            let za = z1[a]
            if za == 0 { continue }
            z1ty[g * d1 + a] += za * y
            for c in 0..<d1 { z1tz1[(g * d1 + a) * d1 + c] += za * z1[c] }
            for j in 0..<p { z1tx[(g * d1 + a) * p + j] += za * x[j] }
        }
        guard q2 > 0 else { return }
        let q1 = n1 * d1
        for b in 0..<dims2.count {
            let rowB = offsets2[b] + row.level[b + 1] * dims2[b]
            let zb = row.z[b + 1]
            for a in 0..<dims2[b] {
                let za = zb[a]
                if za == 0 { continue }
                let r = rowB + a
                z2ty[r] += za * y
                for j in 0..<p { z2tx[r * p + j] += za * x[j] }
                for c in 0..<d1 { z2tz1[r * q1 + g * d1 + c] += za * z1[c] }
                for b2 in 0..<dims2.count {
                    let col = offsets2[b2] + row.level[b2 + 1] * dims2[b2]
                    let zc = row.z[b2 + 1]
                    for c in 0..<dims2[b2] { z2tz2[r * q2 + col + c] += za * zc[c] }
                }
            }
        }
    }
}
