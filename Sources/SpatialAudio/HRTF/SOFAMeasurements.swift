// A SimpleFreeFieldHRIR SOFA file read with libmysofa: positions and left/right impulse responses.
import CMySofa
import Foundation
import TidyFormats

/// The measurements of one SOFA file, in SOFA's own convention: azimuth counter-clockwise from the front
/// (90° = left), elevation up, distance in metres. Impulse responses are `sampleRate` Hz, left and right ear.
struct SOFAMeasurements {
    struct Measurement {
        var azimuth: Double
        var elevation: Double
        var distance: Double
        var left: [Double]
        var right: [Double]
    }

    var sampleRate: Int
    var measurements: [Measurement]
    /// The file's title attributes (ListenerShortName, DatabaseName) for the summary.
    var label: String
    /// True when the responses contradicted `ReceiverPosition` and the ears were taken from the responses.
    var earsFromResponses = false

    /// Reads `path`. Throws `HRTFImportError` for a missing, corrupt or non-HRIR file.
    static func load(path: String) throws -> SOFAMeasurements {
        guard FileManager.default.fileExists(atPath: path) else {
            throw HRTFImportError.fileNotFound(path: path)
        }
        // Before libmysofa opens it: a FIFO would block it, a device would feed it forever.
        try RegularFile.check(path)
        var code: Int32 = 0
        guard let hrtf = mysofa_load(path, &code), code == Int32(MYSOFA_OK) else {
            throw HRTFImportError.unreadable(path: path, reason: "libmysofa error \(code)")
        }
        defer { mysofa_free(hrtf) }
        let convention = attribute(hrtf.pointee.attributes, "SOFAConventions") ?? "none"
        guard convention == "SimpleFreeFieldHRIR" else {
            throw HRTFImportError.wrongConvention(path: path, convention: convention)
        }
        let receivers = Int(hrtf.pointee.R)
        guard receivers == 2 else { throw HRTFImportError.notBinaural(path: path, receivers: receivers) }
        let check = mysofa_check(hrtf)
        guard check == Int32(MYSOFA_OK) else {
            throw HRTFImportError.unreadable(path: path, reason: "libmysofa check failed with error \(check)")
        }
        let leftReceiver = try leftReceiverIndex(hrtf.pointee.ReceiverPosition, path: path)
        mysofa_tospherical(hrtf)

        let count = Int(hrtf.pointee.M)
        let length = Int(hrtf.pointee.N)
        let rate = hrtf.pointee.DataSamplingRate
        guard rate.elements >= 1, let rateValue = rate.values?.pointee, rateValue >= 8000, rateValue <= 384_000,
            count > 0, length > 0, hrtf.pointee.DataIR.elements == UInt32(count * 2 * length),
            hrtf.pointee.SourcePosition.elements == UInt32(count * 3)
        else {
            throw HRTFImportError.unreadable(path: path, reason: "inconsistent sampling rate or dimensions")
        }
        let ir = UnsafeBufferPointer(start: hrtf.pointee.DataIR.values, count: count * 2 * length)
        let positions = UnsafeBufferPointer(start: hrtf.pointee.SourcePosition.values, count: count * 3)
        guard ir.allSatisfy({ $0.isFinite }), positions.allSatisfy({ $0.isFinite }) else {
            throw HRTFImportError.unreadable(path: path, reason: "impulse responses or positions are not finite")
        }
        let delayArray = hrtf.pointee.DataDelay
        let delayValues = delayArray.values.map { values in
            (0..<Int(delayArray.elements)).map { Double(values[$0]) }
        }
        let delays = try integerDelays(
            delayValues ?? [], measurements: count, sampleRate: Double(rateValue), path: path)

        var measurements: [Measurement] = []
        measurements.reserveCapacity(count)
        for index in 0..<count {
            func response(_ receiver: Int) -> [Double] {
                let start = (index * 2 + receiver) * length
                let delay = delays(index, receiver)
                return [Double](repeating: 0, count: delay) + ir[start..<(start + length)].map { Double($0) }
            }
            measurements.append(
                Measurement(
                    azimuth: Double(positions[index * 3]), elevation: Double(positions[index * 3 + 1]),
                    distance: Double(positions[index * 3 + 2]), left: response(leftReceiver),
                    right: response(1 - leftReceiver)))
        }
        let label = [
            attribute(hrtf.pointee.attributes, "DatabaseName"),
            attribute(hrtf.pointee.attributes, "ListenerShortName"),
        ]
        .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        try checkMeasurements(measurements, path: path)
        var loaded = SOFAMeasurements(sampleRate: Int(rateValue.rounded()), measurements: measurements, label: label)
        if let lateral = lateralLevelDifference(measurements), lateral < -earSwapThresholdDB {
            // Some early SOFA conversions (MIT KEMAR large pinna, FH Köln KU100, IRCAM LISTEN in libmysofa's test
            // data) put the first receiver at −y although its responses are the left ear's: the head's shadow
            // in the responses is physics, the position is a label, so the responses decide.
            loaded.measurements = measurements.map {
                Measurement(
                    azimuth: $0.azimuth, elevation: $0.elevation, distance: $0.distance, left: $0.right,
                    right: $0.left)
            }
            loaded.earsFromResponses = true
        }
        return loaded
    }

    /// The left ear is louder for sources on the left than for sources on the right by far more than this
    /// (10–20 dB in every measured set); less than its negative means the two ears are swapped.
    static let earSwapThresholdDB = 3.0

    /// Mean left-minus-right level (dB) of the sources on the left (azimuth 30°–150°, |elevation| ≤ 45°) minus
    /// that of the sources on the right; nil when the file measures neither side.
    static func lateralLevelDifference(_ measurements: [Measurement]) -> Double? {
        var sums = (left: 0.0, right: 0.0)
        var counts = (left: 0, right: 0)
        for measurement in measurements where abs(measurement.elevation) <= 45 {
            let side = sin(measurement.azimuth * .pi / 180)
            guard abs(side) >= 0.5 else { continue }
            let left = measurement.left.reduce(0) { $0 + $1 * $1 }
            let right = measurement.right.reduce(0) { $0 + $1 * $1 }
            guard left > 0, right > 0 else { continue }
            let difference = 10 * log10(left / right)
            if side > 0 {
                sums.left += difference
                counts.left += 1
            } else {
                sums.right += difference
                counts.right += 1
            }
        }
        guard counts.left > 0, counts.right > 0 else { return nil }
        return sums.left / Double(counts.left) - sums.right / Double(counts.right)
    }

    /// SOFA's left ear is the receiver at positive y (cartesian) or positive azimuth (spherical); most files
    /// list it first, some do not. Read before the positions are converted. Two receivers at one position
    /// cannot be told apart: which ear is which would be a guess, so the file is refused.
    private static func leftReceiverIndex(_ array: MYSOFA_ARRAY, path: String) throws -> Int {
        guard array.elements >= 6, let values = array.values else { return 0 }
        let spherical = attribute(array.attributes, "Type")?.lowercased() == "spherical"
        return try leftReceiverIndex((0..<6).map { Double(values[$0]) }, spherical: spherical, path: path)
    }

    /// `positions`: the two receivers' x, y, z (or azimuth, elevation, distance when `spherical`).
    static func leftReceiverIndex(_ positions: [Double], spherical: Bool, path: String) throws -> Int {
        let first = Array(positions[0..<3])
        let second = Array(positions[3..<6])
        guard positions.allSatisfy(\.isFinite) else {
            throw HRTFImportError.invalidField(
                path: path, field: "ReceiverPosition", problem: "holds a value that is not a finite number")
        }
        guard zip(first, second).contains(where: { abs($0 - $1) > 1e-9 }) else {
            throw HRTFImportError.invalidField(
                path: path, field: "ReceiverPosition",
                problem: "puts both receivers at one position, so the left and the right ear cannot be told apart")
        }
        if spherical {
            func leftness(_ azimuth: Double) -> Double { sin(azimuth * .pi / 180) }
            return leftness(second[0]) > leftness(first[0]) ? 1 : 0
        }
        return second[1] > first[1] ? 1 : 0
    }

    /// The longest Data.Delay accepted: 0.1 s. A delay is prepended as zeros to every response, so a huge one
    /// would fill the memory; real HRIR onsets are a few milliseconds.
    static let maximumDelaySeconds = 0.1

    /// SOFA's Data.Delay (in samples, per receiver or per measurement and receiver), rounded to whole samples.
    /// A value that is not finite, negative or longer than `maximumDelaySeconds` is refused, naming the field.
    static func integerDelays(_ values: [Double], measurements: Int, sampleRate: Double, path: String) throws
        -> (Int, Int) -> Int
    {
        let limit = maximumDelaySeconds * sampleRate
        for (index, value) in values.enumerated() where !(value.isFinite && value >= 0 && value <= limit) {
            let problem =
                value.isFinite && value < 0
                ? "is negative (\(value) samples); a delay cannot come before the sound"
                : "is \(value) samples; it must be a number from 0 to \(Int(limit)) samples (0.1 s)"
            throw HRTFImportError.invalidField(path: path, field: "Data.Delay[\(index)]", problem: problem)
        }
        let copy = values.map { Int($0.rounded()) }
        if values.count == measurements * 2 { return { copy[$0 * 2 + $1] } }
        if values.count == 2 { return { copy[$1] } }
        return { _, _ in 0 }
    }

    /// Every source at a positive distance, and no ear's impulse response silent (an all-zero response would
    /// import as an HRTF that plays nothing).
    static func checkMeasurements(_ measurements: [Measurement], path: String) throws {
        for (index, measurement) in measurements.enumerated() {
            guard measurement.distance > 0 else {
                throw HRTFImportError.invalidField(
                    path: path, field: "SourcePosition[\(index)]",
                    problem: "has the distance \(measurement.distance) m; a source must be at a positive distance")
            }
            for (ear, response) in [("left", measurement.left), ("right", measurement.right)]
            where !response.contains(where: { $0 != 0 }) {
                throw HRTFImportError.invalidField(
                    path: path, field: "Data.IR[\(index)]",
                    problem: String(
                        format: "is silent (all zero) for the %@ ear at azimuth %.1f°, elevation %.1f°",
                        ear, measurement.azimuth, measurement.elevation))
            }
        }
    }

    private static func attribute(_ first: UnsafeMutablePointer<MYSOFA_ATTRIBUTE>?, _ name: String) -> String? {
        var current = first
        while let attribute = current {
            if let key = attribute.pointee.name, String(cString: key) == name {
                return attribute.pointee.value.map { String(cString: $0) }
            }
            current = attribute.pointee.next
        }
        return nil
    }
}
