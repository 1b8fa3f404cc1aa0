// Errors of the result picture: a failed SDL call, a missing font, an unwritable PNG, each as one sentence.
import Foundation

enum ResultPictureError: Error, CustomStringConvertible, LocalizedError {
    case sdl(operation: String, message: String)
    case fontMissing(path: String)
    case pngNotWritten(path: String, message: String)

    var description: String {
        switch self {
        case .sdl(let operation, let message):
            return "Could not \(operation) for the result picture (SDL: \(message))."
        case .fontMissing(let path):
            return "The result picture's font \(path) cannot be opened; install the fonts-dejavu-core package."
        case .pngNotWritten(let path, let message):
            return
                "Could not write the result picture \(path) (\(message)); check that the folder exists and is writable."
        }
    }

    var errorDescription: String? { description }
}
