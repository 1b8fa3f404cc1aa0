// The one error type of the analysis side: a sentence naming the file, line and column and what to do.
public struct AnalysisError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
