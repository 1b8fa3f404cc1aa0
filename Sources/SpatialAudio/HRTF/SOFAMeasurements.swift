// A SimpleFreeFieldHRIR SOFA file read with libmysofa: positions and left/right impulse responses.
import CMySofa
import Foundation

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

    /// Reads `path`. Throws `HRTFImportError` for a missing, corrupt or non-HRIR file.
    static func load(path: String) throws -> SOFAMeasurements {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw HRTFImportError.fileNotFound(path: path)
        }
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
        let leftReceiver = leftReceiverIndex(hrtf.pointee.ReceiverPosition)
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
        let delays = integerDelays(hrtf.pointee.DataDelay, measurements: count)

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
        return SOFAMeasurements(sampleRate: Int(rateValue.rounded()), measurements: measurements, label: label)
    }

    /// SOFA's left ear is the receiver at positive y (cartesian) or positive azimuth (spherical); most files
    /// list it first, some do not. Read before the positions are converted.
    private static func leftReceiverIndex(_ array: MYSOFA_ARRAY) -> Int {
        guard array.elements >= 6, let values = array.values else { return 0 }
        let spherical = attribute(array.attributes, "Type")?.lowercased() == "spherical"
        if spherical {
            func leftness(_ azimuth: Float) -> Float { sin(azimuth * .pi / 180) }
            return leftness(values[3]) > leftness(values[0]) ? 1 : 0
        }
        return values[4] > values[1] ? 1 : 0
    }

    /// SOFA's Data.Delay (in samples, per receiver or per measurement and receiver), rounded to whole samples.
    private static func integerDelays(_ array: MYSOFA_ARRAY, measurements: Int) -> (Int, Int) -> Int {
        guard let values = array.values else { return { _, _ in 0 } }
        let elements = Int(array.elements)
        let copy = (0..<elements).map { max(0, Int(Double(values[$0]).rounded())) }
        if elements == measurements * 2 { return { copy[$0 * 2 + $1] } }
        if elements == 2 { return { copy[$1] } }
        return { _, _ in 0 }
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
