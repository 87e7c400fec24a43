import EventLoop
import Testing
@testable import ScreenKit

/// A raising segue: the destination becomes a child of the source, its view inset by 20
/// points over a half-transparent black background.
func raisingSegue(_ segue: Segue) throws {
    let from = segue.source, to = segue.destination
    let bounds = from.view.bounds
    let background = View(frame: bounds)
    try from.addChild(to)
    background.backgroundColor = Color(white: 0, alpha: 0.5)
    background.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    try background.addSubview(to.view)
    try from.view.addSubview(background)
    to.view.frame = bounds.insetBy(dx: 20, dy: 20)
    to.didMove(toParent: from)
}

/// A shrinking segue: undoes a raising segue, taking the source and its background out.
func shrinkingSegue(_ segue: Segue) {
    let from = segue.source
    let view = from.view
    let background = view.superview
    from.willMove(toParent: nil)
    background?.removeFromSuperview()
    view.removeFromSuperview()
    from.removeFromParent()
}

@MainActor
struct SegueTests {
    @Test func performSegueCallsPrepareBeforeTheDestinationAppears() throws {
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let a = LoggingController("A", log: log)
        window.rootViewController = a
        a.register(SegueTemplate(identifier: "raise", kind: .custom, destination: { LoggingController("B", log: log) },
                                 perform: raisingSegue))
        _ = log.take()
        let segue = try a.performSegue(withIdentifier: "raise", sender: nil)
        #expect(log.take() == [
            "A.prepare(raise, B)", "B.willMove(A)", "B.viewDidLoad", "B.viewWillAppear(false)",
            "B.viewDidAppear(false)", "B.didMove(A)",
        ])
        let b = segue.destination
        #expect(b.parent === a)
        #expect(b.view.frame == Rect(x: 20, y: 20, width: 280, height: 440))
        #expect(b.view.superview?.backgroundColor == Color(white: 0, alpha: 0.5))

        try Segue(identifier: nil, source: b, destination: a, perform: shrinkingSegue).perform()
        #expect(log.take() == ["B.willMove(nil)", "B.viewWillDisappear(false)", "B.viewDidDisappear(false)", "B.didMove(nil)"])
        #expect(a.children.isEmpty && a.view.subviews.isEmpty)
    }

    @Test func pushAndModalSegues() throws {
        let log = CallbackLog()
        let (window, loop) = makeWindow()
        let a = LoggingController("A", log: log)
        let navigation = try NavigationController(root: a)
        window.rootViewController = navigation
        a.register(SegueTemplate(identifier: "show", kind: .push, destination: { LoggingController("B", log: log) }))
        a.register(SegueTemplate(identifier: "edit", kind: .modal, destination: { LoggingController("E", log: log) }))
        _ = log.take()
        let show = try a.performSegue(withIdentifier: "show", sender: nil)
        loop.advance(by: 1)
        #expect(navigation.topViewController === show.destination)
        #expect(log.take().prefix(2) == ["A.prepare(show, B)", "B.willMove(ui.NavigationController)"])
        let edit = try a.performSegue(withIdentifier: "edit", sender: nil)
        loop.advance(by: 1)
        #expect(navigation.presentedViewController === edit.destination)
        #expect(throws: ControllerError("A has no segue 'nope'")) {
            try a.performSegue(withIdentifier: "nope", sender: nil)
        }
    }

    @Test func aPushSegueNeedsANavigationController() throws {
        let log = CallbackLog()
        let a = LoggingController("A", log: log)
        a.register(SegueTemplate(identifier: "show", kind: .push, destination: { LoggingController("B", log: log) }))
        #expect(throws: ControllerError("segue 'show' pushes B, but A is not in a navigation controller")) {
            try a.performSegue(withIdentifier: "show", sender: nil)
        }
    }
}
