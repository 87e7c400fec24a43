import Testing
import LuaBridge
import ScreenKit
@testable import ScreenScript

/// Every controller class Lua extends answers every overridable callback with the Lua
/// override: the one implementation they share covers them all.
@MainActor
struct ControllerOverridesTests {
    static let overridable = [
        "loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
        "viewWillLayoutSubviews", "viewDidLayoutSubviews", "didReceiveMemoryWarning", "viewWillTransition",
        "willMoveToParent", "didMoveToParent", "prepareForSegue", "touchesBegan", "touchesMoved", "touchesEnded",
        "touchesCancelled", "shouldAutomaticallyForwardAppearanceMethods",
    ]

    @Test(arguments: ["Controller", "NavigationController", "TabBarController", "SplitViewController", "PageViewController", "TableViewController", "CollectionViewController"])
    func everyCallbackReachesTheLuaOverride(of className: String) throws {
        let host = try ScriptHost()
        let names = Self.overridable.map { "'\($0)'" }.joined(separator: ", ")
        let results = try host.lua.run("""
            local calls = {}
            local C = ui.\(className):extend("My\(className)")
            for _, name in ipairs{ \(names) } do
              C[name] = function(self) calls[#calls + 1] = name; return false end
            end
            return C:new{}, calls
            """, name: "=overrides")
        guard case .userdata(let userdata) = results[0], let controller = userdata.object(as: ViewController.self) else {
            Issue.record("no controller made: \(results)")
            return
        }
        let hook = try #require(controller.overrideHook)
        let segue = Segue(identifier: "s", source: controller, destination: ViewController(), kind: .custom)
        let callbacks: [ViewController.Callback] = [
            .loadView, .viewDidLoad, .viewWillAppear(true), .viewDidAppear(true), .viewWillDisappear(true),
            .viewDidDisappear(true), .viewWillLayoutSubviews, .viewDidLayoutSubviews, .didReceiveMemoryWarning,
            .viewWillTransition(Size(width: 480, height: 320)), .willMoveToParent(nil), .didMoveToParent(nil),
            .prepareForSegue(segue, sender: nil), .touches(.began, []), .touches(.moved, []), .touches(.ended, []),
            .touches(.cancelled, []),
        ]
        for callback in callbacks {
            #expect(hook.callOverride(callback, on: controller) != nil, "\(callback)")
        }
        #expect(hook.callOverride(ViewController.Question.shouldAutomaticallyForwardAppearanceMethods, on: controller) == false)
        #expect(controller.className == "My\(className)")
        let calls = try #require(results[1].tableValue)
        #expect((1...calls.count).map { calls[$0] } == Self.overridable.map { LuaValue.string(LuaString($0)) })
    }
}
