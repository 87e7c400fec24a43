/// A container operation that cannot be done, with the controllers it concerns in the message.
public struct ControllerError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
