import Testing
@testable import LuaBridge

/// A Swift class hierarchy with an overridable method, bound the way ScreenScript binds
/// controllers: the Swift method asks its Lua side first.
@MainActor
class Widget: LuaExtensible, LuaObject {
    var luaPeer: LuaPeer?
    var title = ""
    var log: [String] = []

    init() {}

    /// Overridable from Lua; the Swift implementation logs.
    func didLoad(_ animated: Bool) {
        if luaPeer?.callOverride("didLoad", on: self, animated).ran == true { return }
        log.append("swift didLoad \(animated)")
    }

    func size() -> Int {
        if case .integer(let value)? = luaPeer?.callOverride("size", on: self).value { return Int(value) }
        return 1
    }

    static let lua: LuaClass<Widget> = {
        let cls = LuaClass<Widget>("test.Widget")
        cls.property("title", get: { $0.title }, set: { $0.title = $1 })
        cls.property("log", get: { $0.log })
        cls.method("didLoad") { widget, args in
            widget.didLoad(try args.get(2, default: false))
        }
        cls.method("size") { widget, _ in widget.size() }
        cls.constructor { _ in Widget() }
        return cls
    }()
}

@MainActor
final class Switch: Widget {
    var on = false

    static let luaSwitch: LuaClass<Switch> = {
        let cls = LuaClass<Switch>("test.Switch", parent: Widget.lua)
        cls.property("on", get: { $0.on }, set: { $0.on = $1 })
        cls.constructor { _ in Switch() }
        return cls
    }()
}

@MainActor
struct LuaClassTests {
    func state() throws -> LuaState {
        let lua = try LuaState()
        lua.globals.set("Widget", lua.register(Widget.lua))
        lua.globals.set("Switch", lua.register(Switch.luaSwitch))
        return lua
    }

    @Test func swiftCallsTheLuaOverrideWhenThereIsOne() throws {
        let lua = try state()
        let results = try lua.run("""
            Diary = Widget:extend("Diary")
            function Diary:didLoad(animated) self.loaded = animated; self.title = "Diary" end
            plain = Widget:new()
            diary = Diary:new{ title = "untitled", entries = {} }
            return diary, plain
            """, name: "=c")
        let diary = try #require(results[0].userdataValue?.object(as: Widget.self))
        let plain = try #require(results[1].userdataValue?.object(as: Widget.self))
        #expect(diary.title == "untitled")
        diary.didLoad(true)
        plain.didLoad(false)
        #expect(diary.title == "Diary")
        #expect(diary.log == [])
        #expect(plain.log == ["swift didLoad false"])
        #expect(try lua.run("return diary.loaded, type(diary.entries)", name: "=c") == [true, "table"])
    }

    @Test func superReachesTheSwiftImplementationAndTheParentLuaClass() throws {
        let lua = try state()
        let results = try lua.run("""
            local Base = Widget:extend("Base")
            function Base:didLoad(animated)
              Base.super.didLoad(self, animated)
              self.order = (self.order or "") .. "base "
            end
            local Leaf = Base:extend("Leaf")
            function Leaf:didLoad(animated)
              Leaf.super.didLoad(self, animated)
              self.order = self.order .. "leaf"
            end
            leaf = Leaf:new()
            return leaf, Leaf.super == Base, Base.super == Widget, tostring(Leaf), tostring(leaf):match("^Leaf: ") ~= nil
            """, name: "=s")
        let leaf = try #require(results[0].userdataValue?.object(as: Widget.self))
        #expect(Array(results.dropFirst()) == [true, true, "class Leaf", true])
        leaf.didLoad(true)
        #expect(leaf.log == ["swift didLoad true"])
        #expect(try lua.run("return leaf.order", name: "=s") == ["base leaf"])
        // Called from Lua, the method dispatches the same way.
        try lua.run("leaf:didLoad(false)", name: "=s")
        #expect(leaf.log == ["swift didLoad true", "swift didLoad false"])
    }

    @Test func anOverrideOnALuaParentServesItsSubclasses() throws {
        let lua = try state()
        let results = try lua.run("""
            local Base = Widget:extend("Base")
            function Base:didLoad(animated) self.seen = "base " .. tostring(animated) end
            function Base:size() return 5 end
            local Middle = Base:extend("Middle")
            local Leaf = Middle:extend("Leaf")
            function Leaf:size() return Leaf.super.size(self) * 2 end
            return Leaf:new(), Middle:new()
            """, name: "=p")
        let leaf = try #require(results[0].userdataValue?.object(as: Widget.self))
        let middle = try #require(results[1].userdataValue?.object(as: Widget.self))
        leaf.didLoad(true)
        middle.didLoad(false)
        #expect(leaf.log == [] && middle.log == [])
        #expect(leaf.size() == 10)
        #expect(middle.size() == 5)
        lua.globals.set("leaf", leaf)
        lua.globals.set("middle", middle)
        #expect(try lua.run("return leaf.seen, middle.seen", name: "=p") == ["base true", "base false"])
    }

    @Test func overridesReturnValuesToSwift() throws {
        let lua = try state()
        let results = try lua.run("""
            local Big = Widget:extend("Big")
            function Big:size() return 10 end
            return Big:new(), Widget:new()
            """, name: "=r")
        #expect(results[0].userdataValue?.object(as: Widget.self)?.size() == 10)
        #expect(results[1].userdataValue?.object(as: Widget.self)?.size() == 1)
    }

    @Test func anErrorInAnOverrideIsReportedAndSwiftGoesOn() throws {
        let lua = try state()
        var reports: [(String, LuaError)] = []
        lua.errorHandler = { error, context in reports.append((context, error)) }
        let results = try lua.run("""
            local Broken = Widget:extend("Broken")
            function Broken:didLoad() error("no data") end
            return Broken:new()
            """, name: "@broken.lua")
        let widget = try #require(results[0].userdataValue?.object(as: Widget.self))
        widget.didLoad(false)
        #expect(reports.count == 1)
        #expect(reports.first?.0 == "didLoad of Broken")
        #expect(reports.first?.1.message == "broken.lua:2: no data")
        #expect(reports.first?.1.traceback?.contains("broken.lua:2: in ") == true)
        widget.didLoad(false)
        #expect(reports.count == 2)
    }

    @Test func fieldsLiveAsLongAsTheSwiftObject() throws {
        let lua = try state()
        let results = try lua.run("""
            local Keeper = Widget:extend("Keeper")
            function Keeper:didLoad() self.count = self.count + 1 end
            return Keeper:new{ count = 0 }
            """, name: "=k")
        let widget = try #require(results[0].userdataValue?.object(as: Widget.self))
        _ = consume results
        // Lua holds no reference now; Swift does. The userdata goes, the fields stay.
        lua.collectGarbage()
        widget.didLoad(false)
        widget.didLoad(false)
        lua.globals.set("back", widget)
        #expect(try lua.run("return back.count, getmetatable(back)", name: "=k") == [.integer(2), "test.Widget"])
    }


    @Test func aScriptThatCollectsSeesTheFieldsOfAnObjectSwiftDroppedGo() throws {
        let lua = try state()
        final class Holder { var widget: Widget? }
        let holder = Holder()
        holder.widget = try #require(try lua.run("""
            gone = setmetatable({}, { __mode = "k" })
            local w = Widget:new()
            w.token = {}
            gone[w.token] = true
            return w
            """, name: "=g")[0].userdataValue?.object(as: Widget.self))
        lua.globals.set("drop", lua.function { _ -> Void in holder.widget = nil })
        // Swift holds the object: its fields, and the token in them, stay. Then Swift drops
        // it while the script runs, with no call from Swift to free its slot: collectgarbage
        // frees it itself.
        #expect(try lua.run("""
            collectgarbage()
            local kept = next(gone) ~= nil
            drop()
            collectgarbage()
            return kept, next(gone) == nil, collectgarbage("count") > 0
            """, name: "=g") == [true, true, true])
    }

    @Test func subclassesOfSwiftClassesInheritMembers() throws {
        let lua = try state()
        let results = try lua.run("""
            local s = Switch:new{ on = true, title = "Wi-Fi" }
            local Fancy = Switch:extend("Fancy")
            local f = Fancy:new{ on = false }
            return s.on, s.title, f.on, Switch.super == Widget, Switch.didLoad == Widget.didLoad
            """, name: "=i")
        #expect(results == [true, "Wi-Fi", false, true, true])
    }

    @Test func classMisuseGetsClearErrors() throws {
        let lua = try state()
        lua.register(Counter.lua)
        let notExtensible = try #require(throws: LuaError.self) {
            try lua.run("local C = ...; C:extend('X')", name: "@e.lua")
        }
        _ = notExtensible
        let error = try #require(throws: LuaError.self) { try lua.run("Widget.extend(nil, 'X')", name: "@e.lua") }
        #expect(error.message == "e.lua:1: calling 'extend' on bad self (class expected, got nil)")
        let name = try #require(throws: LuaError.self) { try lua.run("Widget:extend(3)", name: "@e.lua") }
        #expect(name.message == "e.lua:1: bad argument #1 to 'extend' (string expected, got number)")
        let field = try #require(throws: LuaError.self) { try lua.run("\nSwitch:new{ on = 'yes' }", name: "@e.lua") }
        #expect(field.message == "e.lua:2: bad value for property 'on' of test.Switch (boolean expected, got string)")
        let counter = lua.register(Counter.lua)
        lua.globals.set("Counter", counter)
        let sealed = try #require(throws: LuaError.self) { try lua.run("Counter:extend('Mine')", name: "@e.lua") }
        #expect(sealed.message == "e.lua:1: cannot extend test.Counter: its objects cannot carry Lua fields")
    }
}

extension LuaValue {
    var userdataValue: LuaUserdata? { if case .userdata(let u) = self { u } else { nil } }
}
