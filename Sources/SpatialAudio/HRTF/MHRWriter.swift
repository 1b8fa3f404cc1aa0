// Writes a HorizontalHRTF in OpenAL Soft's "MinPHR02" data-set format (read by OpenAL Soft 1.19 and later).
import Foundation

/// The bytes of an MHR file as OpenAL Soft 1.19's loader reads it (all integers little-endian):
/// magic "MinPHR02", rate (u32), sample type (u8, 1 = 24-bit), channel type (u8, 1 = left and right),
/// filter length (u8, multiple of 8), field count (u8, 1), field distance in mm (u16), elevation count (u8,
/// ≥ 5, evenly spaced from −90° to +90°), azimuths per elevation (u8 each, clockwise from the front), then
/// every filter's taps as left/right pairs of signed 24-bit values, then every filter's left and right
/// delay in whole samples (u8, at most 63).
///
/// OpenAL needs at least five elevation rings; the game places sources only on the horizontal circle, so
/// every ring holds the horizontal responses (the poles the frontal one): elevation is not rendered.
enum MHRWriter {
    static let maximumDelay = 63

    static func data(_ hrtf: HorizontalHRTF) -> Data {
        let rings = [1, HorizontalHRTF.azimuthCount, HorizontalHRTF.azimuthCount, HorizontalHRTF.azimuthCount, 1]
        var bytes = [UInt8]("MinPHR02".utf8)
        func u16(_ value: Int) { bytes += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
        func u32(_ value: Int) {
            u16(value & 0xFFFF)
            u16(value >> 16)
        }
        u32(hrtf.sampleRate)
        bytes += [1, 1, UInt8(HorizontalHRTF.filterLength), 1]
        u16(min(2500, max(50, Int((hrtf.distance * 1000).rounded()))))
        bytes.append(UInt8(rings.count))
        bytes += rings.map { UInt8($0) }
        let order = rings.flatMap { count in count == 1 ? [0] : Array(0..<count) }
        for index in order {
            for tap in 0..<HorizontalHRTF.filterLength {
                for value in [hrtf.left[index][tap], hrtf.right[index][tap]] {
                    let sample = Int((value * 8_388_608).rounded())
                    let clamped = min(8_388_607, max(-8_388_608, sample))
                    bytes += [UInt8(clamped & 0xFF), UInt8((clamped >> 8) & 0xFF), UInt8((clamped >> 16) & 0xFF)]
                }
            }
        }
        for index in order {
            // The earlier ear gets no delay; rounding the difference once keeps the ITD within half a sample.
            let delay = min(maximumDelay, Int(abs(hrtf.interauralDelay[index]).rounded()))
            bytes += hrtf.interauralDelay[index] > 0 ? [UInt8(delay), 0] : [0, UInt8(delay)]
        }
        return Data(bytes)
    }
}
