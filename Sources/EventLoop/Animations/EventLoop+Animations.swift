// MARK: - Animating

extension EventLoop {
    /// Runs an animation on the loop's clock at 60 frames per second of clock time.
    ///
    /// Frames fall at `start + k / 60` seconds; `step` gets the curve's progress at each frame,
    /// and a last frame at `start + duration` gets exactly 1, followed by `completion(true)`. A
    /// loop that falls behind skips frames rather than bunching them. Nothing is called
    /// synchronously: a zero or negative duration runs its final frame in the next step.
    ///
    /// ```swift
    /// let fade = loop.animate(duration: 0.3, curve: .easeOut, step: { view.alpha = 1 - $0 },
    ///                         completion: { finished in if finished { view.removeFromSuperview() } })
    /// fade.cancel()   // completion(false) runs in the next deferred drain
    /// ```
    ///
    /// - Parameters:
    ///   - duration: Seconds of clock time.
    ///   - curve: The timing curve; `.linear` if omitted.
    ///   - step: Called each frame with the eased progress, from just above 0 to exactly 1.
    ///   - completion: Called once: `true` after the final step, `false` when cancelled.
    /// - Returns: The animation, to cancel it.
    @discardableResult
    public func animate(
        duration: Double, curve: AnimationCurve = .linear,
        step: @escaping (Double) -> Void, completion: ((Bool) -> Void)? = nil
    ) -> LoopAnimation {
        let animation = LoopAnimation(loop: self, duration: duration, curve: curve, step: step, completion: completion)
        animation.begin()
        return animation
    }
}
