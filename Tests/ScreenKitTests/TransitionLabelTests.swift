import EventLoop
import Testing
@testable import ScreenKit

/// Transitions and view animations tell the loop what they are, so that a test that waits
/// for an app to settle can name what is still moving.
@MainActor
struct TransitionLabelTests {
    private func labels(_ loop: EventLoop) -> [String] {
        loop.animationsInFlight.map { $0.describe?() ?? "?" }
    }

    @Test func aPushAndAPresentationSayWhichControllersTheyMove() throws {
        let (window, loop) = makeWindow()
        let root = ViewController()
        root.title = "Notes"
        let navigation = try NavigationController(root: root)
        window.rootViewController = navigation
        let detail = ViewController()
        detail.title = "Detail"
        try navigation.push(detail, animated: true)
        #expect(labels(loop) == ["the push to ui.Controller 'Detail' in ui.NavigationController"])
        loop.advance(by: 1)
        let modal = ViewController()
        try navigation.present(modal, animated: true)
        #expect(labels(loop) == ["the presentation of ui.Controller from ui.NavigationController"])
        loop.advance(by: 1)
        #expect(labels(loop).isEmpty)
    }

    @Test func aViewAnimationSaysWhichPropertiesOfWhichViewsItMoves() {
        let (window, loop) = makeWindow()
        let label = Label()
        label.text = "Saved"
        try? window.addSubview(label)
        View.animate(duration: 1, on: loop) {
            label.alpha = 0
            label.center = Point(x: 10, y: 10)
        }
        #expect(labels(loop) == ["the animation of alpha of ui.Label 'Saved', center of ui.Label 'Saved'"])
    }
}
