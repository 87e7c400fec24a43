/// A model that cannot be used, with the entity and property it concerns in the message.
public struct ModelError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
