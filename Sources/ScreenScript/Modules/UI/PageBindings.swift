import LuaBridge
import ScreenKit

/// `ui.PageViewController`. Settings are strings: transitionStyle "pageCurl"|"scroll",
/// orientation "horizontal"|"vertical", spineLocation "min"|"mid"|"max"; directions
/// "forward"|"reverse".
///
/// ```lua
/// local pages = ui.PageViewController:new{ transitionStyle = "pageCurl", spineLocation = "mid", doubleSided = true }
/// pages.dataSource = {
///   pageBefore = function(self, pvc, vc) return vc.number > 1 and Page:new{ number = vc.number - 1 } or nil end,
///   pageAfter = function(self, pvc, vc) return Page:new{ number = vc.number + 1 } end,
/// }
/// pages:setViewControllers({ Page:new{ number = 1 }, Page:new{ number = 2 } }, "forward", false)
/// ```
enum PageBindings {
    static func pageViewController(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<PageViewController> {
        let cls = LuaClass<PageViewController>("ui.PageViewController", parent: parent, extensible: true)
        cls.scriptConstructor(
            keys: ["transitionStyle", "orientation", "spineLocation", "doubleSided"],
            callbacks: CallbackCheck.controllerCallbacks, host: host
        ) { args in
            try PageViewController(
                transitionStyle: try args.field(2, "transitionStyle", as: PageViewController.TransitionStyle?.self) ?? .pageCurl,
                navigationOrientation: try args.field(2, "orientation", as: PageViewController.NavigationOrientation?.self) ?? .horizontal,
                spineLocation: try args.field(2, "spineLocation", as: PageViewController.SpineLocation?.self) ?? .min,
                isDoubleSided: try args.field(2, "doubleSided", as: Bool?.self) ?? false)
        }
        cls.property("transitionStyle") { $0.transitionStyle }
        cls.property("orientation") { $0.navigationOrientation }
        cls.property("spineLocation") { $0.spineLocation }
        cls.property("doubleSided", get: { $0.isDoubleSided }, set: { try $0.setDoubleSided($1) })
        cls.property("transitioning") { $0.isTransitioning }
        cls.property("viewControllers", get: { $0.viewControllers }, set: { (pvc, controllers: [ViewController]) in
            try pvc.setViewControllers(controllers, direction: .forward, animated: false)
        })
        cls.delegateProperty("dataSource", ScriptPageDataSource.self, host: host,
                             get: { $0.dataSource }, set: { $0.dataSource = $1 })
        cls.delegateProperty("delegate", ScriptPageDelegate.self, host: host,
                             get: { $0.delegate }, set: { $0.delegate = $1 })
        cls.method("setViewControllers") { [weak host] pvc, args in
            let controllers = try args.get(2, as: [ViewController].self)
            let direction = try direction(args, at: 3)
            let animated = try args.get(4, default: false)
            let done = try args.get(5, as: LuaFunction?.self)
            let context = "completion of setViewControllers called at \(args.callerLocation ?? "?")"
            try pvc.setViewControllers(controllers, direction: direction, animated: animated) { [weak host] finished in
                if let done { host?.callback(done, finished, context: context) }
            }
        }
        cls.method("pageForward") { pvc, args in try pvc.pageForward(animated: try args.get(2, default: true)) }
        cls.method("pageBackward") { pvc, args in try pvc.pageBackward(animated: try args.get(2, default: true)) }
        return cls
    }

    private static func direction(_ args: LuaArguments, at index: Int32) throws -> PageViewController.NavigationDirection {
        try args.get(index, default: .forward)
    }
}

/// A Lua page data source: `pageBefore(pvc, vc)` and `pageAfter(pvc, vc)`, returning a
/// controller or nil at the ends. A page that cannot be shown (not a controller, in another
/// container, or shown already) is reported and counts as the end of the book.
final class ScriptPageDataSource: LuaDelegate, PageViewControllerDataSource {
    override class var role: String { "page data source" }
    override class var callbacks: [String] { ["pageBefore", "pageAfter"] }

    func pageViewController(_ pvc: PageViewController, viewControllerBefore controller: ViewController) -> ViewController? {
        page("pageBefore", pvc, controller)
    }

    func pageViewController(_ pvc: PageViewController, viewControllerAfter controller: ViewController) -> ViewController? {
        page("pageAfter", pvc, controller)
    }

    private func page(_ name: String, _ pvc: PageViewController, _ controller: ViewController) -> ViewController? {
        guard let result = call(name, pvc, controller)?.first, !result.isNil else { return nil }
        let problem: String
        do {
            let page = try read(result, as: ViewController.self)
            if pvc.viewControllers.contains(where: { $0 === page }) {
                problem = "\(page) is shown already"
            } else if let parent = page.parent, parent !== pvc {
                problem = "\(page) is already a child of \(parent)"
            } else {
                return page
            }
        } catch {
            problem = error.message
        }
        reportResult(of: name, problem)
        return nil
    }
}

/// A Lua page delegate: `spineLocationFor(pvc, orientation)` returning "min"|"mid"|"max"
/// (nil keeps the location), and `didFinishAnimating(pvc, finished, previous, completed)`.
/// A location the pages do not fit is reported and not taken.
final class ScriptPageDelegate: LuaDelegate, PageViewControllerDelegate {
    override class var role: String { "page delegate" }
    override class var callbacks: [String] { ["spineLocationFor", "didFinishAnimating"] }

    func pageViewController(_ pvc: PageViewController, spineLocationFor orientation: Window.Orientation)
        -> PageViewController.SpineLocation
    {
        guard let result = call("spineLocationFor", pvc, orientation.rawValue)?.first, !result.isNil else {
            return pvc.spineLocation
        }
        do {
            return try read(result, as: PageViewController.SpineLocation.self)
        } catch {
            reportResult(of: "spineLocationFor", error.message)
            return pvc.spineLocation
        }
    }

    func pageViewController(
        _ pvc: PageViewController, didFinishAnimating finished: Bool, previousViewControllers: [ViewController],
        transitionCompleted completed: Bool
    ) {
        call("didFinishAnimating", pvc, finished, previousViewControllers, completed)
    }

    /// A spine location that the pages do not fit is reported as `setViewControllers`
    /// would report those pages, naming `spineLocationFor` and where the delegate was set.
    func pageViewController(
        _ pvc: PageViewController, refusedSpineLocation location: PageViewController.SpineLocation, error: ControllerError
    ) {
        report(error.description, from: "spineLocationFor")
    }
}
