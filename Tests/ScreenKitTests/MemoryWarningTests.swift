import EventLoop
import Testing
@testable import ScreenKit

/// Memory warnings: the base `didReceiveMemoryWarning` lets go of the view of a controller
/// that is not on screen.
@MainActor
struct MemoryWarningTests {
    /// Calls super first, then frees what `viewDidLoad` made when the view is gone.
    final class Cached: ViewController {
        var cache: [String]?
        var loadedAfterSuper: Bool?
        var loads = 0
        override func viewDidLoad() {
            loads += 1
            cache = ["thumbnail"]
        }
        override func didReceiveMemoryWarning() {
            super.didReceiveMemoryWarning()
            loadedAfterSuper = isViewLoaded
            if !isViewLoaded { cache = nil }
        }
    }

    @Test func superReleasesTheViewBeforeTheOverrideChecksIsViewLoaded() throws {
        let (window, _) = makeWindow()
        let hidden = Cached(), top = Cached()
        let navigation = try NavigationController(root: hidden)
        window.rootViewController = navigation
        try navigation.push(top, animated: false)
        window.memoryWarning()
        #expect(hidden.loadedAfterSuper == false)
        #expect(hidden.cache == nil)
        #expect(!hidden.isViewLoaded)
        #expect(top.loadedAfterSuper == true)
        #expect(top.cache == ["thumbnail"])
        try navigation.pop(animated: false)
        #expect(hidden.loads == 2 && hidden.cache == ["thumbnail"])
    }

    @Test func theBaseImplementationKeepsAViewThatIsInAWindow() throws {
        let (window, _) = makeWindow()
        let shown = ViewController(), offScreen = ViewController()
        window.rootViewController = shown
        _ = offScreen.view
        shown.didReceiveMemoryWarning()
        offScreen.didReceiveMemoryWarning()
        #expect(shown.isViewLoaded)
        #expect(!offScreen.isViewLoaded)
    }

    @Test func controllersThatDoNotCallSuperStillLoseAViewOffScreen() throws {
        let log = CallbackLog()
        let (window, _) = makeWindow()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let navigation = try NavigationController(root: a)
        window.rootViewController = navigation
        try navigation.push(b, animated: false)
        _ = log.take()
        window.memoryWarning()
        #expect(log.take() == ["A.didReceiveMemoryWarning", "B.didReceiveMemoryWarning"])
        #expect(!a.isViewLoaded && b.isViewLoaded)
    }
}
