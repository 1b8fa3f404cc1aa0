// An answer or an administration that cannot be stored or taken: one sentence naming the file, instrument or item.
import Foundation

public struct QuestionnaireError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let sentence: String
    public init(_ sentence: String) { self.sentence = sentence }
    public var description: String { sentence }
    public var errorDescription: String? { sentence }
}
