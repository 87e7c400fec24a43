import LuaBridge
import ScreenKit

extension ViewController: LuaObject {}

extension BarButtonItem: LuaObject {}
extension NavigationItem: LuaObject {}
extension TabBarItem: LuaObject {}

/// `ui.Controller` and `ui.NavigationController`, with the bar items they show.
///
/// ```lua
/// local Diary = ui.Controller:extend("Diary")
/// function Diary:viewDidLoad() self.title = "Diary" end
/// local nav = ui.NavigationController:new(Diary:new())
/// window.rootViewController = nav
/// ```
enum ControllerBindings {
    // MARK: - ui.Controller

    static func controller(host: ScriptHost) -> LuaClass<ViewController> {
        let cls = LuaClass<ViewController>("ui.Controller", extensible: true)
        cls.scriptConstructor(callbacks: CallbackCheck.controllerCallbacks, host: host) { _ in ViewController() }
        cls.property("view", get: { $0.view }, set: { $0.view = $1 })
        cls.property("title", get: { $0.title }, set: { $0.title = $1 })
        cls.property("parent") { $0.parent }
        cls.property("children") { $0.children }
        cls.property("presentedViewController") { $0.presentedViewController }
        cls.property("presentingViewController") { $0.presentingViewController }
        cls.property("navigationController") { $0.navigationController }
        cls.property("splitViewController") { $0.splitViewController }
        cls.property("tabBarController") { $0.tabBarController }
        cls.property("navigationItem") { $0.navigationItem }
        cls.property("tabBarItem") { $0.tabBarItem }
        cls.property("appearanceState") { $0.appearanceState.rawValue }
        cls.property("toolbarItems", get: { $0.toolbarItems }, set: { $0.toolbarItems = $1 })
        cls.method("isViewLoaded") { controller, _ in controller.isViewLoaded }
        cls.method("loadViewIfNeeded") { controller, _ in controller.loadViewIfNeeded() }
        cls.method("addChild") { controller, args in try controller.addChild(try args.get(2, as: ViewController.self)) }
        cls.method("removeFromParent") { controller, _ in controller.removeFromParent() }
        cls.method("beginAppearanceTransition") { controller, args in
            controller.beginAppearanceTransition(try args.get(2, as: Bool.self), animated: try args.get(3, default: false))
        }
        cls.method("endAppearanceTransition") { controller, _ in controller.endAppearanceTransition() }
        cls.method("transition") { [weak host] controller, args in
            try transition(controller, args, host: host)
        }
        cls.method("present") { [weak host] controller, args in
            let presented = try args.get(2, as: ViewController.self)
            let animated = try args.get(3, default: false)
            let done = try args.get(4, as: LuaFunction?.self)
            let context = "completion of present called at \(args.callerLocation ?? "?")"
            do {
                try controller.present(presented, animated: animated) { [weak host] in
                    if let done { host?.callback(done, context: context) }
                }
            } catch let error as ControllerError where presented is AlertController {
                // UIKit refuses an alert it cannot show with a warning, and the app goes on.
                host?.warningHandler("\(args.callerLocation.map { $0 + ": " } ?? "")\(error.message)")
            }
        }
        cls.method("dismiss") { [weak host] controller, args in
            let animated = try args.get(2, default: false)
            let done = try args.get(3, as: LuaFunction?.self)
            let context = "completion of dismiss called at \(args.callerLocation ?? "?")"
            try controller.dismiss(animated: animated) { [weak host] in
                if let done { host?.callback(done, context: context) }
            }
        }
        cls.method("performSegue") { controller, args in
            try controller.performSegue(withIdentifier: try args.get(2, as: String.self), sender: args[3])
        }
        // The Swift implementations, which `Class.super.viewDidLoad(self)` reaches.
        cls.method("loadView") { controller, _ in controller.loadView() }
        cls.method("viewDidLoad") { controller, _ in controller.viewDidLoad() }
        cls.method("viewWillAppear") { controller, args in controller.viewWillAppear(try args.get(2, default: false)) }
        cls.method("viewDidAppear") { controller, args in controller.viewDidAppear(try args.get(2, default: false)) }
        cls.method("viewWillDisappear") { controller, args in controller.viewWillDisappear(try args.get(2, default: false)) }
        cls.method("viewDidDisappear") { controller, args in controller.viewDidDisappear(try args.get(2, default: false)) }
        cls.method("viewWillLayoutSubviews") { controller, _ in controller.viewWillLayoutSubviews() }
        cls.method("viewDidLayoutSubviews") { controller, _ in controller.viewDidLayoutSubviews() }
        cls.method("didReceiveMemoryWarning") { controller, _ in controller.didReceiveMemoryWarning() }
        cls.method("viewWillTransition") { controller, args in controller.viewWillTransition(to: try args.get(2, as: Size.self)) }
        cls.method("willMoveToParent") { controller, args in controller.willMove(toParent: try args.get(2, as: ViewController?.self)) }
        cls.method("didMoveToParent") { controller, args in controller.didMove(toParent: try args.get(2, as: ViewController?.self)) }
        cls.method("shouldAutomaticallyForwardAppearanceMethods") { controller, _ in
            controller.shouldAutomaticallyForwardAppearanceMethods
        }
        cls.method("prepareForSegue") { controller, args in
            controller.prepare(for: try args.get(2, as: Segue.self), sender: args[3])
        }
        // What a hot reload asks a controller to keep and gives back to the new one (see
        // NavigationState); the built-in ones keep nothing.
        cls.method("encodeRestorableState") { _, args in _ = try args.get(2, as: LuaTable.self) }
        cls.method("decodeRestorableState") { _, args in _ = try args.get(2, as: LuaTable.self) }
        // The responder methods: a controller gets the touches its view passes up, and the
        // Swift implementations pass them on to the superview of its view.
        cls.method("touchesBegan") { controller, args in controller.touchesBegan(try TouchObject.touches(args, at: 2)) }
        cls.method("touchesMoved") { controller, args in controller.touchesMoved(try TouchObject.touches(args, at: 2)) }
        cls.method("touchesEnded") { controller, args in controller.touchesEnded(try TouchObject.touches(args, at: 2)) }
        cls.method("touchesCancelled") { controller, args in controller.touchesCancelled(try TouchObject.touches(args, at: 2)) }
        return cls
    }

    /// `controller:transition(from, to, { duration =, animations = fn, completion = fn(finished) })`.
    private static func transition(_ controller: ViewController, _ args: LuaArguments, host: ScriptHost?) throws {
        let from = try args.get(2, as: ViewController.self)
        let to = try args.get(3, as: ViewController.self)
        _ = try args.get(4, as: LuaTable?.self)
        let duration = try args.field(4, "duration", as: Finite?.self)?.value ?? 0
        let animations = try args.field(4, "animations", as: LuaFunction?.self)
        let completion = try args.field(4, "completion", as: LuaFunction?.self)
        let place = args.callerLocation ?? "?"
        try controller.transition(from: from, to: to, duration: duration, animations: { [weak host] in
            if let animations { host?.callback(animations, context: "animations of transition called at \(place)") }
        }, completion: { [weak host] finished in
            if let completion { host?.callback(completion, finished, context: "completion of transition called at \(place)") }
        })
    }

    // MARK: - ui.NavigationController

    static func navigationController(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<NavigationController> {
        let cls = LuaClass<NavigationController>("ui.NavigationController", parent: parent, extensible: true)
        cls.scriptConstructor(expected: "a ui.Controller instance", callbacks: CallbackCheck.controllerCallbacks, host: host) {
            args in
            // `ui.NavigationController:new(root)`, or `:new{ root = vc, ... }`.
            let root: ViewController?
            if args.type(at: 2) == .table {
                root = try args.field(2, "root", as: ViewController?.self)
            } else {
                root = try args.get(2, as: ViewController?.self)
            }
            return try NavigationController(root: root)
        }
        cls.property("viewControllers", get: { $0.viewControllers }, set: { (navigation, controllers: [ViewController]) in
            try navigation.setViewControllers(controllers, animated: false)
        })
        cls.property("topViewController") { $0.topViewController }
        cls.property("visibleViewController") { $0.visibleViewController }
        cls.property("navigationBar") { $0.navigationBar }
        cls.property("toolbarHidden", get: { $0.isToolbarHidden }, set: { $0.isToolbarHidden = $1 })
        cls.delegateProperty("delegate", ScriptNavigationDelegate.self, host: host,
                             get: { $0.delegate }, set: { $0.delegate = $1 })
        cls.method("push") { navigation, args in
            try navigation.push(try args.get(2, as: ViewController.self), animated: try args.get(3, default: false))
        }
        cls.method("pop") { navigation, args in try navigation.pop(animated: try args.get(2, default: false)) }
        cls.method("popTo") { navigation, args in
            try navigation.pop(to: try args.get(2, as: ViewController.self), animated: try args.get(3, default: false))
        }
        cls.method("popToRoot") { navigation, args in try navigation.popToRoot(animated: try args.get(2, default: false)) }
        cls.method("setViewControllers") { navigation, args in
            try navigation.setViewControllers(try args.get(2, as: [ViewController].self), animated: try args.get(3, default: false))
        }
        return cls
    }

    // MARK: - Bar items

    static func barButtonItem(host: ScriptHost) -> LuaClass<BarButtonItem> {
        let cls = LuaClass<BarButtonItem>("ui.BarButtonItem")
        // `new{ action = fn }`, or `new{ target = obj, action = "method" }` with the target held
        // weakly (see ScriptAction).
        cls.scriptConstructor(keys: ["action", "target", "system"], host: host) { [weak host] args in
            let system = try args.field(2, "system", as: BarButtonItem.SystemItem?.self)
            let item = system.map { BarButtonItem(system: $0) } ?? BarButtonItem()
            if let host, let action = try ScriptAction.fromFields(try args.get(2, as: LuaTable?.self), args, host: host) {
                setAction(action, on: item, place: args.callerLocation)
            }
            return item
        }
        cls.property("title", get: { $0.title }, set: { $0.title = $1 })
        cls.property("system", options: { BarButtonItem.SystemItem.allCases.map { $0.rawValue } }, get: { $0.systemItem })
        cls.finiteProperty("width", get: { $0.width }, set: { $0.width = $1 })
        cls.property("accessibilityLabel", get: { $0.accessibilityLabel }, set: { $0.accessibilityLabel = $1 })
        cls.property("image", get: { $0.image }, set: { $0.image = $1 })
        cls.property("tag", get: { $0.tag }, set: { $0.tag = $1 })
        cls.property("enabled", get: { $0.isEnabled }, set: { $0.isEnabled = $1 })
        // `setAction(fn)`, or `setAction(target, "method")`.
        cls.method("setAction") { [weak host] item, args in
            guard let host else { throw ScriptHost.gone }
            setAction(try ScriptAction.parse(args, at: 2, host: host).0, on: item, place: args.callerLocation)
        }
        cls.method("tap") { item, _ in item.tap() }
        return cls
    }

    private static func setAction(_ action: ScriptAction, on item: BarButtonItem, place: String?) {
        item.action = { item in
            action.perform(item, context: "action of bar button '\(item.shownAccessibilityLabel ?? item.shownTitle)' set at \(place ?? "?")")
        }
    }

    static func navigationItem() -> LuaClass<NavigationItem> {
        let cls = LuaClass<NavigationItem>("ui.NavigationItem")
        cls.property("title", get: { $0.title }, set: { $0.title = $1 })
        cls.property("prompt", get: { $0.prompt }, set: { $0.prompt = $1 })
        cls.property("leftButton", get: { $0.leftButton }, set: { $0.leftButton = $1 })
        cls.property("rightButton", get: { $0.rightButton }, set: { $0.rightButton = $1 })
        cls.property("backButton", get: { $0.backButton }, set: { $0.backButton = $1 })
        return cls
    }

    static func tabBarItem() -> LuaClass<TabBarItem> {
        let cls = LuaClass<TabBarItem>("ui.TabBarItem")
        cls.property("title", get: { $0.title }, set: { $0.title = $1 })
        cls.property("badgeValue", get: { $0.badgeValue }, set: { $0.badgeValue = $1 })
        cls.property("tag", get: { $0.tag }, set: { $0.tag = $1 })
        return cls
    }

    /// What a navigation bar shows: `title`, `prompt`, `backTitle` (nil without a back
    /// button), `leftButton`, `rightButton`; `tapBack()` taps the back button.
    /// A navigation bar is a view: its subviews (the buttons, the title) are walked as any
    /// view's; what it shows reads through these read-only properties.
    static func navigationBar(parent: LuaClassDefinition) -> LuaClass<NavigationBar> {
        let cls = LuaClass<NavigationBar>("ui.NavigationBar", parent: parent, extensible: false)
        cls.property("title") { $0.title }
        cls.property("prompt") { $0.prompt }
        cls.property("backTitle") { $0.backTitle }
        cls.property("leftButton") { $0.leftButton }
        cls.property("rightButton") { $0.rightButton }
        cls.property("frame") { $0.frame }
        cls.method("tapBack") { bar, _ in bar.tapBack() }
        return cls
    }
}

/// A Lua navigation delegate: `willShow(nav, vc, animated)` and `didShow(nav, vc, animated)`.
final class ScriptNavigationDelegate: LuaDelegate, NavigationControllerDelegate {
    override class var role: String { "navigation delegate" }
    override class var callbacks: [String] { ["willShow", "didShow"] }

    func navigationController(_ navigation: NavigationController, willShow controller: ViewController, animated: Bool) {
        call("willShow", navigation, controller, animated)
    }

    func navigationController(_ navigation: NavigationController, didShow controller: ViewController, animated: Bool) {
        call("didShow", navigation, controller, animated)
    }
}
