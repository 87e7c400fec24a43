/// What the server's tasks hand to the loop through its mailbox: a browser connected (with
/// where its messages go out), sent a message, or went away.
public nonisolated enum PreviewEvent: Sendable {
    case opened(Int, PreviewOutbox)
    case received(Int, String)
    case closed(Int)
}

/// Where the loop's messages to one browser go: into its WebSocket's outgoing stream, which
/// the server's tasks write out. Neither call waits.
public nonisolated struct PreviewOutbox: Sendable {
    /// Sends one message (a JSON text).
    public let send: @Sendable (String) -> Void
    /// Ends the connection.
    public let finish: @Sendable () -> Void

    public init(send: @escaping @Sendable (String) -> Void, finish: @escaping @Sendable () -> Void) {
        self.send = send
        self.finish = finish
    }
}
