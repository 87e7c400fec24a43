import EventLoop
import Testing
@testable import ScreenKit

/// `ActivityIndicator`: hidden while stopped, turned by a repeating timer of its window's
/// loop while it animates on screen, and never keeping a run from settling.
@MainActor
struct ActivityIndicatorTests {
    let loop = EventLoop(clock: .virtual)
    let window: Window
    let spinner = ActivityIndicator()

    init() throws {
        window = Window(device: .iphone, loop: loop)
        window.makeKeyAndVisible()
        try window.addSubview(spinner)
    }

    func phase() -> Int? {
        guard case .spinner(let spinner) = spinner.contentDescription.content else { return nil }
        return spinner.phase
    }

    @Test("it hides while stopped, unless told not to")
    func hidesWhenStopped() {
        #expect(spinner.isHidden)
        spinner.startAnimating()
        #expect(!spinner.isHidden && spinner.isAnimating)
        spinner.stopAnimating()
        #expect(spinner.isHidden && !spinner.isAnimating)
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden, "told not to hide while stopped, it shows")
        spinner.startAnimating()
        spinner.stopAnimating()
        #expect(!spinner.isHidden, "a spinner that does not hide shows the frame it stopped at")
        #expect(spinner.contentDescription.accessibilityValue == "stopped")
    }

    @Test("it turns a spoke every eighth of a second while it animates in a window")
    func turnsOnTheLoop() {
        spinner.startAnimating()
        #expect(phase() == 0)
        loop.advance(by: 0.25)
        #expect(phase() == 2)
        loop.advance(by: 1)
        #expect(phase() == 2, "a turn a second: eight frames later it is where it was")
        loop.advance(by: 0.125)
        #expect(phase() == 3)
        #expect(spinner.contentDescription.accessibilityLabel == "In progress")
        spinner.stopAnimating()
        loop.advance(by: 1)
        #expect(phase() == 3)
    }

    @Test("its timer does not keep a run waiting: the loop settles while it turns")
    func doesNotKeepTheLoopBusy() {
        spinner.startAnimating()
        #expect(!loop.hasWorkInFlight)
        let start = loop.now
        #expect(loop.runUntilSettled(limit: 30) == .settled)
        #expect(loop.now == start)
        #expect(loop.animationsInFlight.isEmpty)
    }

    @Test("it stops when it leaves the window and goes on when it comes back animating")
    func stopsOffScreen() throws {
        spinner.startAnimating()
        loop.advance(by: 0.125)
        spinner.removeFromSuperview()
        loop.advance(by: 1.3)
        #expect(phase() == 1)
        #expect(spinner.isAnimating, "it still animates, off screen")
        try window.addSubview(spinner)
        loop.advance(by: 0.25)
        #expect(phase() == 3)
        // Out of a window, starting does not start the timer.
        let loose = ActivityIndicator()
        loose.startAnimating()
        loop.advance(by: 1)
        guard case .spinner(let shown) = loose.contentDescription.content else { return }
        #expect(shown.phase == 0)
    }

    @Test("a spinner let go with its window stops its timer at the next tick")
    func letGo() throws {
        let loop = EventLoop(clock: .virtual)
        do {
            let window = Window(device: .iphone, loop: loop)
            let spinner = ActivityIndicator()
            try window.addSubview(spinner)
            spinner.startAnimating()
        }
        #expect(loop.nextDeadline != nil)
        loop.advance(by: 0.125)
        #expect(loop.nextDeadline == nil)
    }

    @Test("the large style is UIKit's 37 points, and sizes an indicator made without a frame")
    func styles() {
        #expect(spinner.bounds.size == Size(width: 20, height: 20))
        spinner.style = .large
        #expect(spinner.bounds.size == Size(width: 37, height: 37))
        let framed = ActivityIndicator(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        framed.style = .large
        #expect(framed.bounds.size == Size(width: 100, height: 50))
        guard case .spinner(let shown) = spinner.contentDescription.content else { return }
        #expect(shown.isLarge)
        #expect(spinner.contentDescription.foreground == .systemGray)
        spinner.color = .systemRed
        #expect(spinner.contentDescription.foreground == .systemRed)
    }
}
