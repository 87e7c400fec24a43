import EventLoop
import Foundation
import Testing
import LuaBridge
@testable import ScreenScript

/// `Class:new{ ... }` applies its fields in a fixed order: ranges before the values they
/// bound, then the class's declared order. Lua iterates a table in an order of its own that
/// changes from state to state, so each case runs in many fresh states.
@MainActor
struct ConstructorOrderTests {
    static let states = 24

    func results(of code: String) throws -> Set<String> {
        var seen = Set<String>()
        for _ in 0..<Self.states {
            let host = try ScriptHost(loop: EventLoop(clock: .virtual))
            let value = try host.lua.run(code, name: "=order").first ?? .nil
            seen.insert(value.stringValue ?? "\(value)")
            host.lua.close()
        }
        return seen
    }

    @Test func aValueIsAppliedAfterTheRangeThatBoundsIt() throws {
        #expect(try results(of: """
            local s = ui.SegmentedControl:new{ selectedIndex = 2, segments = { "Day", "Week", "Month" }, enabled = true }
            local slider = ui.Slider:new{ value = 150, minimumValue = 0, maximumValue = 200, tag = 3 }
            local stepper = ui.Stepper:new{ value = 7, maximumValue = 10, stepValue = 0.5, minimumValue = 5 }
            local pages = ui.PageControl:new{ currentPage = 4, numberOfPages = 5 }
            return table.concat({ s.selectedIndex, slider.value, stepper.value, pages.currentPage }, " ")
            """) == ["2 150.0 7.0 4"])
    }

    @Test func aLuaSubclassKeepsTheOrderAndItsOwnFieldsComeAfter() throws {
        #expect(try results(of: """
            local Picker = ui.SegmentedControl:extend("Picker")
            local p = Picker:new{ zeta = 1, selectedIndex = 3, beta = 2, segments = { "a", "b", "c" }, [2] = "two", [1] = "one" }
            return p.selectedIndex .. " " .. p.zeta .. p.beta .. p[1] .. p[2]
            """) == ["3 12onetwo"])
    }

    /// Past a handful of fields the order is the same, sorted the other way.
    @Test func manyFieldsKeepTheOrder() throws {
        #expect(try results(of: """
            local fields = { segments = { "a", "b", "c" }, selectedIndex = 3 }
            for i = 1, 40 do fields["f" .. i] = i end
            local p = ui.SegmentedControl:extend("Many"):new(fields)
            local sum = 0
            for i = 1, 40 do sum = sum + p["f" .. i] end
            return p.selectedIndex .. " " .. sum
            """) == ["3 820"])
    }

    /// Of two fields that fail, the same one is reported every time.
    @Test func theSameErrorEveryTime() throws {
        #expect(try results(of: """
            local ok, message = pcall(function() return ui.Label:new{ txt = "a", colour = "red", text = 5 } end)
            return message
            """).count == 1)
    }
}
