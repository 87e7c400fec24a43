import Testing
import LuaBridge
import ScreenKit
@testable import ScreenScript

/// Every view class Lua extends answers every overridable point with the Lua override: the
/// one ``OverrideHook`` they share (``ScriptHook``) covers them all, and a miss is
/// remembered until a class or object changes.
@MainActor
struct ScriptOverridesTests {
    static let overridable = [
        "pointInside", "layoutSubviews", "draw", "touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled",
        "beginTracking", "continueTracking", "endTracking", "cancelTracking",
    ]

    /// Every view class of the registry that Lua extends: a class registered there is
    /// covered without a list to keep.
    static func extensibleViewClasses(of host: ScriptHost) -> [String] {
        ScriptClassCatalog(host: host).sorted
            .filter { ($0.kind == .view || $0.kind == .control) && $0.isExtensible && $0.module == "ui" }
            .map(\.key)
    }

    @Test func everyExtensibleViewClassIsCovered() throws {
        let classes = Self.extensibleViewClasses(of: try ScriptHost())
        for name in ["View", "Label", "Control", "Button", "Switch", "Slider", "SegmentedControl", "Stepper", "PageControl", "TextField"] {
            #expect(classes.contains(name), "\(name)")
        }
        for className in classes {
            try everyOverridablePointReachesTheLuaOverride(of: className)
        }
    }

    func everyOverridablePointReachesTheLuaOverride(of className: String) throws {
        let host = try ScriptHost()
        let names = Self.overridable.map { "'\($0)'" }.joined(separator: ", ")
        let results = try host.lua.run("""
            local calls = {}
            local C = ui.\(className):extend("My\(className)")
            for _, name in ipairs{ \(names) } do
              C[name] = function(self, argument)
                calls[#calls + 1] = name .. (type(argument) == "table" and argument[1] and " " .. #argument or "")
                return false
              end
            end
            return C:new{ frame = { 0, 0, 100, 100 } }, calls
            """, name: "=overrides")
        guard case .userdata(let userdata) = results[0], let view = userdata.object(as: View.self) else {
            Issue.record("\(className): no view made: \(results)")
            return
        }
        let hook = try #require(view.overrideHook)
        let window = Window(device: .iphone)
        let grab = TouchGrabbingView(frame: Rect(x: 200, y: 200, width: 10, height: 10))
        try window.addSubview(grab)
        window.touch(.began, at: Point(x: 201, y: 201))
        let touch = try #require(grab.touch)
        try window.addSubview(view)
        let callbacks: [View.Callback] = [
            .layoutSubviews, .draw(Canvas()), .touches(.began, [touch]), .touches(.moved, [touch]),
            .touches(.ended, [touch]), .touches(.cancelled, [touch, touch]), .endTracking(touch), .cancelTracking,
        ]
        for callback in callbacks {
            #expect(hook.callOverride(callback, on: view) != nil, "\(className): \(callback)")
        }
        for question in [View.Question.pointInside(Point(x: 1, y: 1)), .beginTracking(touch), .continueTracking(touch)] {
            #expect(hook.callOverride(question, on: view) == false, "\(className): \(question)")
        }
        let calls = try #require(results[1].tableValue).array.compactMap(\.stringValue)
        #expect(calls == [
            "layoutSubviews", "draw", "touchesBegan 1", "touchesMoved 1", "touchesEnded 1",
            "touchesCancelled 2", "endTracking", "cancelTracking", "pointInside", "beginTracking", "continueTracking",
        ], "\(className)")
    }

    @Test func aClassWithoutOverridesLeavesEveryPointToSwift() throws {
        let host = try ScriptHost()
        let results = try host.lua.run("""
            local Plain = ui.Button:extend("Plain")
            return Plain:new{ frame = { 0, 0, 100, 100 } }
            """, name: "=plain")
        guard case .userdata(let userdata) = results[0], let view = userdata.object(as: View.self) else {
            Issue.record("no view made: \(results)")
            return
        }
        let hook = try #require(view.overrideHook)
        #expect(hook.callOverride(View.Callback.layoutSubviews, on: view) == nil)
        #expect(hook.callOverride(View.Callback.cancelTracking, on: view) == nil)
        #expect(hook.callOverride(View.Question.pointInside(.zero), on: view) == nil)
        // Asked again, the answer comes from what the first asking found.
        #expect(hook.callOverride(View.Question.pointInside(.zero), on: view) == nil)
        #expect(hook.callOverride(View.Callback.layoutSubviews, on: view) == nil)
    }
}

/// Keeps the first touch it is given.
final class TouchGrabbingView: View {
    var touch: Touch?
    override func touchesBegan(_ touches: [Touch]) { touch = touch ?? touches.first }
}
