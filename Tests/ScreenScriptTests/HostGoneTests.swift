import EventLoop
import LuaBridge
import ScreenKit
import Testing
@testable import ScreenScript

/// A host can be gone while its Lua state still runs (someone else keeps the state). One
/// policy covers it: a Swift function Lua calls raises "the script host is gone" at the
/// caller's place, and a callback Swift makes into Lua (an override) is not made, the object
/// going on with its own method.
@MainActor
struct HostGoneTests {
    /// A state whose host is gone, with the globals `view` (a view of a Lua class that
    /// counts its layouts in the global `layouts`) and `button`.
    private func orphanedState() throws -> LuaState {
        var host: ScriptHost? = try ScriptHost(loop: EventLoop(clock: .virtual))
        let lua = try #require(host?.lua)
        _ = try lua.run("""
            layouts = 0
            local Counting = ui.View:extend("Counting")
            function Counting:layoutSubviews() layouts = layouts + 1 end
            view = Counting:new{ frame = { 0, 0, 10, 10 } }
            button = ui.Button:new{}
            view:setNeedsLayout()
            view:layoutIfNeeded()
            assert(layouts == 1, "the override runs while the host is there")
            """, name: "=setup")
        weak let gone = host
        host = nil
        #expect(gone == nil, "something keeps the host alive")
        return lua
    }

    @Test(arguments: [
        "loop.after(1, function() end)",
        "loop.defer(function() end)",
        "button:addTarget(function() end, 'touchUpInside')",
        "ui.TableView:new{}.dataSource = {}",
        "ui.segue{ id = 's', from = ui.Controller, to = ui.Controller }",
    ])
    func aFunctionLuaCallsRaisesTheOneRefusal(_ call: String) throws {
        let lua = try orphanedState()
        #expect(throws: LuaError.self) { try lua.run(call, name: "=gone") }
        do {
            _ = try lua.run(call, name: "=gone")
        } catch {
            // A property's setter words it as every error of a setter: the bad value's reason.
            #expect(error.message.contains("the script host is gone"), "\(call): \(error.message)")
            #expect(error.message.hasPrefix("gone:1:"), "\(call): \(error.message)")
        }
    }

    @Test func anOverrideIsNotCalledAndTheObjectGoesOnWithItsOwnMethod() throws {
        let lua = try orphanedState()
        guard case .userdata(let userdata)? = try lua.run("return view", name: "=get").first,
              let view = userdata.object(as: View.self) else {
            Issue.record("no view")
            return
        }
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(try lua.run("return layouts", name: "=count").first == .integer(1))
    }
}
