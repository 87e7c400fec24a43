import LuaBridge
import ScreenKit

extension Popover: LuaObject {}

/// `ui.TabBarController` and `ui.SplitViewController`, with the tab bar and the popover they
/// show. Tabs count from 1 in Lua.
///
/// ```lua
/// local tabs = ui.TabBarController:new{ recent, ui.NavigationController:new(contacts) }
/// tabs.delegate = { shouldSelect = function(self, tabs, vc) return vc ~= locked end }
/// local split = ui.SplitViewController:new{ entries, entry }
/// split.delegate = { willHide = function(self, split, master, button) toolbar:insert(button) end }
/// ```
enum TabSplitBindings {
    // MARK: - ui.TabBarController

    static func tabBarController(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<TabBarController> {
        let cls = LuaClass<TabBarController>("ui.TabBarController", parent: parent, extensible: true)
        // `ui.TabBarController:new{ a, b, c, title = ... }`: the array part is the tabs.
        cls.scriptConstructor(keys: ["#"], callbacks: CallbackCheck.controllerCallbacks, host: host) { args in
            try TabBarController(viewControllers: try controllers(in: args))
        }
        cls.property("viewControllers", get: { $0.viewControllers }, set: { (tabs, controllers: [ViewController]) in
            try tabs.setViewControllers(controllers)
        })
        cls.property("selectedIndex", get: { $0.selectedIndex.map { $0 + 1 } }, set: { (tabs, index: Int?) in
            let count = tabs.viewControllers.count
            guard let index, index >= 1 && index <= count else {
                let index = index.map(String.init) ?? "nil"
                throw LuaConversionError(
                    message: "cannot select tab \(index) of \(tabs): it has \(count) tab\(count == 1 ? "" : "s"), counting from 1")
            }
            try tabs.select(at: index - 1)
        })
        cls.property("selectedViewController", get: { $0.selectedViewController }, set: { (tabs, controller: ViewController?) in
            guard let controller else { throw LuaConversionError(message: "ui.Controller expected, got nil") }
            try tabs.select(controller)
        })
        cls.property("tabBar") { $0.tabBar }
        cls.delegateProperty("delegate", ScriptTabBarDelegate.self, host: host,
                             get: { $0.delegate }, set: { $0.delegate = $1 })
        return cls
    }

    /// The controllers in the array part of `new`'s table (argument 2), checked one by one.
    private static func controllers(in args: LuaArguments) throws -> [ViewController] {
        try args.get(2, as: [ViewController]?.self) ?? []
    }

    /// What the tab bar shows: `titles`, `badges` ("" for a tab without one),
    /// `selectedIndex` (from 1), `frame`;
    /// `tapTab(index)` taps a tab as a finger would.
    static func tabBar(parent: LuaClassDefinition) -> LuaClass<TabBar> {
        let cls = LuaClass<TabBar>("ui.TabBar", parent: parent, extensible: false)
        cls.property("titles") { $0.titles }
        cls.property("badges") { bar in bar.badges.map { $0 ?? "" } }
        cls.property("selectedIndex") { $0.selectedIndex.map { $0 + 1 } }
        cls.property("frame") { $0.frame }
        cls.method("tapTab") { bar, args in
            bar.tapTab(at: try args.index(2, among: bar.titles.count))
        }
        return cls
    }

    // MARK: - ui.SplitViewController

    static func splitViewController(parent: LuaClassDefinition, host: ScriptHost) -> LuaClass<SplitViewController> {
        let cls = LuaClass<SplitViewController>("ui.SplitViewController", parent: parent, extensible: true)
        // `ui.SplitViewController:new{ master, detail }`, or without controllers yet.
        cls.scriptConstructor(keys: ["#"], callbacks: CallbackCheck.controllerCallbacks, host: host) { args in
            let split = SplitViewController()
            let controllers = try controllers(in: args)
            if !controllers.isEmpty { try split.setViewControllers(controllers) }
            return split
        }
        cls.property("viewControllers", get: { $0.viewControllers }, set: { (split, controllers: [ViewController]) in
            try split.setViewControllers(controllers)
        })
        cls.property("masterHidden") { $0.isMasterHidden }
        cls.property("barButtonItem") { $0.barButtonItem }
        cls.property("popover") { $0.popover }
        cls.delegateProperty("delegate", ScriptSplitDelegate.self, host: host,
                             get: { $0.delegate }, set: { $0.delegate = $1 })
        return cls
    }

    /// The master's popover: `visible`, `contentViewController`, `frame` (the panel's, in
    /// the split view controller's view), `dismiss()`.
    static func popover() -> LuaClass<Popover> {
        let cls = LuaClass<Popover>("ui.Popover")
        cls.property("visible") { $0.isPresented }
        cls.property("contentViewController") { $0.contentViewController }
        cls.property("frame") { $0.panelFrame }
        cls.method("dismiss") { popover, _ in popover.dismiss() }
        return cls
    }
}

/// A Lua tab bar delegate: `shouldSelect(tabs, vc)` (false vetoes a tap; a missing or
/// failing one allows it) and `didSelect(tabs, vc)`.
final class ScriptTabBarDelegate: LuaDelegate, TabBarControllerDelegate {
    override class var role: String { "tab bar delegate" }
    override class var callbacks: [String] { ["shouldSelect", "didSelect"] }

    func tabBarController(_ tabs: TabBarController, shouldSelect controller: ViewController) -> Bool {
        guard let results = call("shouldSelect", tabs, controller) else { return true }
        return results.first.map { $0.isNil || $0.isTruthy } ?? true
    }

    func tabBarController(_ tabs: TabBarController, didSelect controller: ViewController) {
        call("didSelect", tabs, controller)
    }
}

/// A Lua split view delegate: `willHide(split, master, button)`, `willShow(split, master,
/// button)` and `willPresent(split, popover, master)`.
final class ScriptSplitDelegate: LuaDelegate, SplitViewControllerDelegate {
    override class var role: String { "split view delegate" }
    override class var callbacks: [String] { ["willHide", "willShow", "willPresent"] }

    func splitViewController(
        _ split: SplitViewController, willHide master: ViewController, with barButtonItem: BarButtonItem,
        for popover: Popover
    ) {
        call("willHide", split, master, barButtonItem)
    }

    func splitViewController(
        _ split: SplitViewController, willShow master: ViewController, invalidating barButtonItem: BarButtonItem
    ) {
        call("willShow", split, master, barButtonItem)
    }

    func splitViewController(_ split: SplitViewController, popover: Popover, willPresent master: ViewController) {
        call("willPresent", split, popover, master)
    }
}
