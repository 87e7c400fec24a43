import EventLoop
import Testing
@testable import ScreenKit

/// The keys a window understands: Esc goes back as a back or Cancel button would.
@MainActor
struct WindowKeyTests {
    func ids(_ controllers: [ViewController]) -> [ObjectIdentifier] { controllers.map(ObjectIdentifier.init) }

    @Test func escapePopsTheNavigationStack() throws {
        let (window, loop) = makeWindow()
        let a = ViewController(), b = ViewController(), c = ViewController()
        let navigation = try NavigationController(root: a)
        window.rootViewController = navigation
        try navigation.push(b, animated: false)
        try navigation.push(c, animated: false)
        window.key("escape")
        loop.advance(by: 1)
        #expect(ids(navigation.viewControllers) == ids([a, b]))
        window.key("escape")
        loop.advance(by: 1)
        #expect(ids(navigation.viewControllers) == ids([a]))
        // At the root there is nowhere to go back to.
        #expect(!window.goBack())
        #expect(ids(navigation.viewControllers) == ids([a]))
    }

    @Test func escapeWhileTheStackMovesDoesNothing() throws {
        let (window, loop) = makeWindow()
        let a = ViewController(), b = ViewController(), c = ViewController()
        let navigation = try NavigationController(root: a)
        window.rootViewController = navigation
        try navigation.push(b, animated: false)
        try navigation.push(c, animated: true)
        #expect(!window.goBack())
        loop.advance(by: 1)
        #expect(ids(navigation.viewControllers) == ids([a, b, c]))
    }

    @Test func escapeDismissesThePresentedControllerBeforePoppingWhatIsUnderIt() throws {
        let (window, loop) = makeWindow()
        let a = ViewController(), b = ViewController(), sheet = ViewController()
        let navigation = try NavigationController(root: a)
        window.rootViewController = navigation
        try navigation.push(b, animated: false)
        try navigation.present(sheet, animated: false)
        window.key("escape")
        loop.advance(by: 1)
        #expect(navigation.presentedViewController == nil)
        #expect(ids(navigation.viewControllers) == ids([a, b]))
        window.key("escape")
        loop.advance(by: 1)
        #expect(ids(navigation.viewControllers) == ids([a]))
    }

    @Test func escapePopsAStackInsideThePresentedController() throws {
        let (window, loop) = makeWindow()
        let root = ViewController(), first = ViewController(), second = ViewController()
        window.rootViewController = root
        let presented = try NavigationController(root: first)
        try root.present(presented, animated: false)
        try presented.push(second, animated: false)
        window.key("escape")
        loop.advance(by: 1)
        #expect(ids(presented.viewControllers) == ids([first]))
        #expect(root.presentedViewController === presented)
        window.key("escape")
        loop.advance(by: 1)
        #expect(root.presentedViewController == nil)
    }

    @Test func escapePopsTheSelectedTabsStackOnly() throws {
        let (window, loop) = makeWindow()
        let one = try NavigationController(root: ViewController())
        let two = try NavigationController(root: ViewController())
        try one.push(ViewController(), animated: false)
        try two.push(ViewController(), animated: false)
        let tabs = try TabBarController(viewControllers: [one, two])
        window.rootViewController = tabs
        try tabs.select(at: 1)
        loop.advance(by: 1)
        window.key("escape")
        loop.advance(by: 1)
        #expect(one.viewControllers.count == 2)
        #expect(two.viewControllers.count == 1)
    }

    @Test func escapeWithNoControllerDoesNothing() {
        let (window, _) = makeWindow()
        #expect(!window.goBack())
        let root = ViewController()
        window.rootViewController = root
        window.key("escape")
        #expect(window.rootViewController === root)
    }
}

extension WindowKeyTests {
    @Test func aCharacterKeyTypesIntoTheFieldBeingEdited() throws {
        let (window, _) = makeWindow()
        let field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 20))
        try window.addSubview(field)
        field.beginEditing()
        window.key("a")
        window.key("space")
        window.key("b")
        window.key("backspace")
        window.key("tab")
        #expect(field.text == "a ")
    }
}
