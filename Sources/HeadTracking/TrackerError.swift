// What can go wrong with a head tracker input, each as one sentence saying what to do.

/// Errors of `--input opentrack|osc` and of opening the tracker's UDP port.
public enum TrackerError: Error, Equatable, CustomStringConvertible {
    case unknownInput(String)
    case badPort(String)
    case portInUse(TrackerInput)
    case socketFailed(TrackerInput, errno: Int32)
    case badYawSign(Int)

    public var description: String {
        switch self {
        case .unknownInput(let text):
            "Unknown tracker input '\(text)': use opentrack[:PORT] or osc[:PORT] (e.g. opentrack:4242)."
        case .badPort(let text):
            "The port in --input \(text) is not a number from 1024 to 65535: use e.g. opentrack:4242 or osc:9000."
        case .portInUse(let input):
            "UDP port \(input.port) for \(input.kind.rawValue) is already in use by another program: close it or choose another port with --input \(input.kind.rawValue):PORT."
        case .socketFailed(let input, let code):
            "Cannot listen on UDP port \(input.port) for \(input.kind.rawValue) (system error \(code)): choose another port with --input \(input.kind.rawValue):PORT."
        case .badYawSign(let sign):
            "--tracker-yaw-sign \(sign) is not +1 or -1: use 1 when the tracker's yaw grows turning right, -1 when it shrinks."
        }
    }
}
