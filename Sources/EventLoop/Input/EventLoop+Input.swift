// MARK: - Input

extension EventLoop {
    /// Queues an input event; the loop hands it to ``inputHandler`` in the input phase of a step,
    /// after the deferred calls and due timers of that step.
    ///
    /// - Parameter event: The event. Events queued while the input phase runs wait for the next step.
    public func enqueue(_ event: InputEvent) {
        inputQueue.append(event)
    }

    /// Input events waiting for the input phase, oldest first.
    public var queuedInput: [InputEvent] { Array(inputQueue) }
}
