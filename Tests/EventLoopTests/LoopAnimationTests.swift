import Testing
@testable import EventLoop

@MainActor
@Suite("LoopAnimation")
struct LoopAnimationTests {
    /// Each step as (loop time, progress).
    final class Steps {
        var values: [(time: Double, progress: Double)] = []
        var completions: [Bool] = []
    }

    func record(_ loop: EventLoop, duration: Double, curve: AnimationCurve = .linear) -> (LoopAnimation, Steps) {
        let steps = Steps()
        let animation = loop.animate(
            duration: duration, curve: curve,
            step: { steps.values.append((loop.now, $0)) },
            completion: { steps.completions.append($0) }
        )
        return (animation, steps)
    }

    /// Frame times are whole nanoseconds, so values at frame times match to about 1e-8.
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-7 }

    // MARK: - Frames

    @Test("steps fall at 60 frames per second and the last one gets exactly 1, then completion(true)")
    func framesAndCompletion() {
        let loop = EventLoop(clock: .virtual)
        let (animation, steps) = record(loop, duration: 0.1)
        #expect(steps.values.isEmpty)  // nothing runs synchronously
        loop.advance(by: 1)
        #expect(steps.values.count == 6)
        for (k, value) in steps.values.enumerated() {
            #expect(close(value.time, Double(k + 1) / 60))
            #expect(close(value.progress, Double(k + 1) / 6))
        }
        #expect(steps.values.last?.progress == 1)
        #expect(steps.completions == [true])
        #expect(!animation.isRunning)
    }

    @Test("a duration off the frame grid ends with a frame at the exact end")
    func offGridEnd() {
        let loop = EventLoop(clock: .virtual)
        loop.advance(by: 0.3)
        let (_, steps) = record(loop, duration: 0.11)
        loop.advance(by: 0.5)
        #expect(steps.values.count == 7)
        for k in 0..<6 {
            #expect(close(steps.values[k].time, 0.3 + Double(k + 1) / 60))
            #expect(close(steps.values[k].progress, (Double(k + 1) / 60) / 0.11))
        }
        #expect(close(steps.values[6].time, 0.41))
        #expect(steps.values[6].progress == 1)
        #expect(steps.completions == [true])
    }

    @Test("the curve shapes the progress")
    func curveApplied() {
        let loop = EventLoop(clock: .virtual)
        let (_, steps) = record(loop, duration: 0.5, curve: .easeIn)
        loop.advance(by: 0.25)
        let last = try! #require(steps.values.last)
        #expect(close(last.time, 0.25))
        #expect(close(last.progress, AnimationCurve.easeIn.progress(at: 0.5)))
        #expect(last.progress < 0.5)
    }

    @Test("advancing part way runs only the frames due")
    func partialAdvance() {
        let loop = EventLoop(clock: .virtual)
        let (animation, steps) = record(loop, duration: 1)
        loop.advance(by: 0.5)
        #expect(steps.values.count == 30)
        #expect(animation.isRunning)
        #expect(steps.completions.isEmpty)
    }

    @Test("a zero duration runs a single final step in the next step")
    func zeroDuration() {
        let loop = EventLoop(clock: .virtual)
        let (_, steps) = record(loop, duration: 0)
        #expect(steps.values.isEmpty)
        loop.runOnce()
        #expect(steps.values.map(\.progress) == [1])
        #expect(steps.completions == [true])
    }

    @Test("a loop that falls behind skips frames and stays on the grid")
    func stallSkipsFrames() {
        let loop = EventLoop(clock: .virtual)
        let (_, steps) = record(loop, duration: 1)
        loop.stall(for: 0.5)
        loop.runUntilIdle()
        #expect(steps.values.count == 1)
        #expect(close(steps.values[0].progress, 0.5))
        loop.advance(by: 0.02)
        #expect(steps.values.count == 2)
        #expect(close(steps.values[1].time, 31.0 / 60))
    }

    // MARK: - Cancelling

    @Test("cancel stops the steps and completion gets false in the next deferred drain")
    func cancel() {
        let loop = EventLoop(clock: .virtual)
        let (animation, steps) = record(loop, duration: 1)
        loop.advance(by: 0.055)
        #expect(steps.values.count == 3)

        animation.cancel()
        #expect(!animation.isRunning)
        #expect(steps.completions.isEmpty)
        loop.runOnce()
        #expect(steps.completions == [false])

        loop.advance(by: 2)
        #expect(steps.values.count == 3)
        animation.cancel()
        loop.runUntilIdle()
        #expect(steps.completions == [false])
    }

    @Test("cancel from inside a step stops at that step")
    func cancelInsideStep() {
        let loop = EventLoop(clock: .virtual)
        var progress: [Double] = []
        var completions: [Bool] = []
        var animation: LoopAnimation?
        animation = loop.animate(duration: 1, step: { value in
            progress.append(value)
            if progress.count == 2 { animation?.cancel() }
        }, completion: { completions.append($0) })
        loop.advance(by: 2)
        #expect(progress.count == 2)
        #expect(completions == [false])
    }

    @Test("cancel after the animation finished changes nothing")
    func cancelAfterFinish() {
        let loop = EventLoop(clock: .virtual)
        let (animation, steps) = record(loop, duration: 0.1)
        loop.advance(by: 1)
        animation.cancel()
        loop.runUntilIdle()
        #expect(steps.completions == [true])
    }

    @Test("the loop keeps a running animation alive without its handle")
    func handleCanBeDropped() {
        let loop = EventLoop(clock: .virtual)
        var finished: Bool?
        loop.animate(duration: 0.2, step: { _ in }, completion: { finished = $0 })
        loop.advance(by: 1)
        #expect(finished == true)
    }
}
