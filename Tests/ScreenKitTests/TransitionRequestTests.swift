import EventLoop
import Testing
@testable import ScreenKit

/// A request a container cannot carry out while a transition animates throws, instead of
/// being dropped.
@MainActor
struct TransitionRequestTests {
    @Test func popAndPopToRootDuringAPushThrow() throws {
        let (window, loop) = makeWindow()
        let root = ViewController(), b = ViewController()
        root.title = "root"
        b.title = "b"
        let navigation = try NavigationController(root: root)
        window.rootViewController = navigation
        try navigation.push(b, animated: true)
        #expect(throws: ControllerError("cannot pop ui.Controller 'b': ui.NavigationController is still animating a transition")) {
            try navigation.pop(animated: true)
        }
        #expect(throws: ControllerError("cannot pop to ui.Controller 'root': ui.NavigationController is still animating a transition")) {
            try navigation.popToRoot(animated: false)
        }
        loop.advance(by: 1)
        #expect(navigation.viewControllers.count == 2)
        #expect(try navigation.pop(animated: true) === b)
        #expect(throws: ControllerError("cannot pop ui.Controller 'root': ui.NavigationController is still animating a transition")) {
            try navigation.pop(animated: false)
        }
        loop.advance(by: 1)
        #expect(try navigation.pop(animated: false) == nil)
        #expect(try navigation.popToRoot(animated: false).isEmpty)
    }

    @Test func dismissDuringAPresentationOrADismissalThrows() throws {
        let (window, loop) = makeWindow()
        let root = ViewController(), modal = ViewController()
        root.title = "R"
        modal.title = "M"
        window.rootViewController = root
        try root.present(modal, animated: true)
        let error = ControllerError("cannot dismiss ui.Controller 'M': ui.Controller 'R' is still animating a transition")
        #expect(throws: error) { try root.dismiss(animated: true) }
        #expect(throws: error) { try modal.dismiss(animated: false) }
        loop.advance(by: 1)
        #expect(root.presentedViewController === modal)
        var dismissed = 0
        try modal.dismiss(animated: true) { dismissed += 1 }
        #expect(throws: error) { try root.dismiss(animated: true) { dismissed += 10 } }
        loop.advance(by: 1)
        #expect(dismissed == 1)
        #expect(root.presentedViewController == nil)
        try root.dismiss(animated: true)
    }
}
