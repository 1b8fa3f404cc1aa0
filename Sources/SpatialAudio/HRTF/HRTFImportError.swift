// What can go wrong importing, finding or removing an HRTF data set: one sentence each, naming the file or HRTF.
import Foundation

/// Errors of `soundsafari hrtf import|remove` and of looking up imported data sets.
public enum HRTFImportError: Error, CustomStringConvertible, LocalizedError, Equatable {
    case fileNotFound(path: String)
    case unreadable(path: String, reason: String)
    case wrongConvention(path: String, convention: String)
    case notBinaural(path: String, receivers: Int)
    /// A field of the file holds an impossible value (a delay that is not a finite non-negative number, a silent
    /// impulse response, a negative distance, two ears at one position).
    case invalidField(path: String, field: String, problem: String)
    case noHorizontalPlane(path: String, closestElevation: Double?)
    case tooSparse(path: String, largestGapDegrees: Double)
    case invalidName(name: String)
    case nameTaken(name: String, folder: String)
    case nameOfOpenALHRTF(name: String)
    case notInstalled(name: String, installed: [String])
    case cannotWrite(path: String, reason: String)
    case notLoadedByOpenAL(name: String, folder: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "SOFA file '\(path)' does not exist: check the path."
        case .unreadable(let path, let reason):
            return "SOFA file '\(path)' is corrupt or not a SOFA file (\(reason)): download it again."
        case .wrongConvention(let path, let convention):
            return "SOFA file '\(path)' uses the convention '\(convention)', but only SimpleFreeFieldHRIR "
                + "(head-related impulse responses) can be imported: export the HRTF as SimpleFreeFieldHRIR."
        case .notBinaural(let path, let receivers):
            return "SOFA file '\(path)' has \(receivers) receivers, but an HRTF needs exactly 2 (left and right ear)."
        case .invalidField(let path, let field, let problem):
            return "SOFA file '\(path)': \(field) \(problem); nothing was imported — correct or export the file again."
        case .noHorizontalPlane(let path, let closest):
            let nearest = closest.map { String(format: " (the lowest |elevation| is %.1f°)", $0) } ?? ""
            return "SOFA file '\(path)' has no measurements in the horizontal plane within ±10° elevation\(nearest): "
                + "the game places sounds on the horizontal circle, so choose a data set that measures it."
        case .tooSparse(let path, let gap):
            return String(
                format: "SOFA file '%@' measures the horizontal plane with a gap of %.1f° between azimuths "
                    + "(at most 30° can be interpolated): choose a denser data set.", path, gap)
        case .invalidName(let name):
            return "HRTF name '\(name)' is not allowed: use 1–64 letters, digits, '-', '_' or '.', "
                + "starting with a letter or digit (pass --name)."
        case .nameTaken(let name, let folder):
            return "An HRTF named '\(name)' already exists (\(folder)): "
                + "choose another --name or run `soundsafari hrtf remove \(name)` first."
        case .nameOfOpenALHRTF(let name):
            return "OpenAL Soft already offers an HRTF named '\(name)': choose another --name."
        case .notInstalled(let name, let installed):
            let list = installed.isEmpty ? "none" : installed.joined(separator: ", ")
            return "No imported HRTF is named '\(name)': imported HRTFs are \(list) (`soundsafari hrtf list`)."
        case .cannotWrite(let path, let reason):
            return "Cannot write '\(path)' (\(reason)): check that the folder is writable (or set XDG_DATA_HOME)."
        case .notLoadedByOpenAL(let name, let folder):
            return "OpenAL Soft does not use the imported HRTF '\(name)' from \(folder) at 48 kHz: "
                + "this OpenAL Soft build ignores the search path; please report it with `soundsafari devices`."
        }
    }

    public var errorDescription: String? { description }
}
