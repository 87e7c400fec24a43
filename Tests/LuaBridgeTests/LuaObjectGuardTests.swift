import Testing
import CLua
import LuaShim
@testable import LuaBridge

/// A second class beside `Counter`, whose metatable a hostile script would swap in.
@MainActor
final class Gadget: LuaObject {
    var name = "gadget"

    static let lua: LuaClass<Gadget> = {
        let cls = LuaClass<Gadget>("test.Gadget")
        cls.property("name", get: { $0.name }, set: { $0.name = $1 })
        cls.constructor { _ in Gadget() }
        return cls
    }()
}

/// An extensible class whose own objects take no fields, and a Swift subclass that
/// inherits the rule.
@MainActor
class Panel: LuaExtensible, LuaObject {
    var luaPeer: LuaPeer?
    var alignment = "left"
    var text = ""

    init() {}

    static let lua: LuaClass<Panel> = {
        let cls = LuaClass<Panel>("test.Panel")
        cls.rejectsUnknownProperties = true
        cls.property("alignment", get: { $0.alignment }, set: { $0.alignment = $1 })
        cls.property("text", get: { $0.text }, set: { $0.text = $1 })
        cls.constructor { _ in Panel() }
        return cls
    }()
}

@MainActor
final class Dial: Panel {
    var level = 0

    static let luaDial: LuaClass<Dial> = {
        let cls = LuaClass<Dial>("test.Dial", parent: Panel.lua)
        cls.property("level", get: { $0.level }, set: { $0.level = $1 })
        cls.constructor { _ in Dial() }
        return cls
    }()
}

@MainActor
struct LuaObjectGuardTests {
    func state() throws -> LuaState {
        let lua = try LuaState()
        lua.globals.set("Counter", lua.register(Counter.lua))
        lua.globals.set("Gadget", lua.register(Gadget.lua))
        lua.globals.set("Panel", lua.register(Panel.lua))
        lua.globals.set("Dial", lua.register(Dial.luaDial))
        return lua
    }

    /// Gives the global `name` the metatable of the global `from`, as `debug.setmetatable`
    /// did before the host's metatables were protected.
    func swapMetatable(of name: String, to from: String, in lua: LuaState) {
        let L = lua.handle
        lua_getglobal(L, name)
        lua_getglobal(L, from)
        lua_getmetatable(L, -1)
        lua_setmetatable(L, -3)
        lua_pop(L, 2)
    }

    @Test func aMetamethodReachedWithAnotherClassesObjectIsAnArgumentError() throws {
        let lua = try state()
        let counter = Counter()
        counter.value = 5
        lua.globals.set("c", counter)
        lua.globals.set("g", Gadget())
        swapMetatable(of: "c", to: "g", in: lua)
        let read = try #require(throws: LuaError.self) { try lua.run("return c.name", name: "@swap.lua") }
        #expect(read.message == "swap.lua:1: bad argument #1 to 'name' (test.Gadget expected, got test.Counter)")
        let write = try #require(throws: LuaError.self) { try lua.run("\nc.name = 'x'", name: "@swap.lua") }
        #expect(write.message == "swap.lua:2: bad argument #1 to 'name' (test.Gadget expected, got test.Counter)")
        let keyed = try #require(throws: LuaError.self) { try lua.run("return c[1]", name: "@swap.lua") }
        #expect(keyed.message == "swap.lua:1: bad argument #1 to '[1]' (test.Gadget expected, got test.Counter)")
        // The object itself is untouched, and its methods still check their self.
        #expect(counter.value == 5)
        let method = try #require(throws: LuaError.self) { try lua.run("return Counter.increment(g)", name: "@swap.lua") }
        #expect(method.message == "swap.lua:1: bad argument #1 to 'increment' (test.Counter expected, got test.Gadget)")
    }

    @Test func aMetamethodCalledByHandWithAnythingIsAnArgumentError() throws {
        let lua = try state()
        lua.globals.set("g", Gadget())
        let L = lua.handle
        lua_getglobal(L, "g")
        lua_getmetatable(L, -1)
        lua_getfield(L, -1, "__index")
        lua_setglobal(L, "index")
        lua_getfield(L, -1, "__newindex")
        lua_setglobal(L, "newindex")
        lua_pop(L, 2)
        #expect(try lua.run("return index(g, 'name')", name: "=i") == ["gadget"])
        for (value, got) in [("{}", "table"), ("1", "number"), ("nil", "nil"), ("io.stdout", "userdata"), ("Counter:new()", "test.Counter")] {
            let error = try #require(throws: LuaError.self) { try lua.run("return index(\(value), 'name')", name: "@i.lua") }
            #expect(error.message == "i.lua:1: bad argument #1 to 'name' (test.Gadget expected, got \(got))")
            #expect(throws: LuaError.self) { try lua.run("newindex(\(value), 'name', 'x')", name: "@i.lua") }
        }
    }

    @Test func aFinalizerCalledByHandLeavesTheObjectAliveAndItIsReleasedOnce() throws {
        let lua = try state()
        Counter.live = 0
        try lua.run("kept = Counter:new() kept.value = 7", name: "=k")
        let L = lua.handle
        lua_getglobal(L, "kept")
        lua_getmetatable(L, -1)
        lua_getfield(L, -1, "__gc")
        lua_setglobal(L, "finalize")
        lua_pop(L, 2)
        try lua.run("finalize(kept) finalize(kept) finalize({}) finalize(1)", name: "=f")
        #expect(Counter.live == 1)
        #expect(try lua.run("return kept.value", name: "=k") == [.integer(7)])
        try lua.run("kept = nil finalize = nil", name: "=k")
        lua.collectGarbage()
        lua.collectGarbage()
        #expect(Counter.live == 0)
    }

    @Test func aStrictClassRefusesUnknownPropertiesWithTheLikelyName() throws {
        let lua = try state()
        func failure(_ code: String) throws -> String {
            try #require(throws: LuaError.self) { try lua.run(code, name: "@p.lua") }.message
        }
        #expect(try failure("Panel:new{ txt = 'x' }") == "p.lua:1: test.Panel has no property 'txt' (did you mean 'text'?)")
        #expect(try failure("local p = Panel:new() p.textAlignment = 'center'")
            == "p.lua:1: test.Panel has no property 'textAlignment' (did you mean 'alignment'?)")
        #expect(try failure("Panel:new{ 'first' }") == "p.lua:1: test.Panel has no property [1]")
        #expect(try failure("Panel:new{ [2.5] = 1 }") == "p.lua:1: test.Panel has no property [2.5]")
        #expect(try failure("Panel:new()[Panel] = 1") == "p.lua:1: test.Panel has no property [table]")
        // A Swift subclass inherits the rule, and suggests its own properties too.
        #expect(try failure("Dial:new{ levl = 3 }") == "p.lua:1: test.Dial has no property 'levl' (did you mean 'level'?)")
        // Reading an unknown property is nil; a non-extensible class says the same.
        #expect(try lua.run("return Panel:new().textAlignment", name: "=p") == [.nil])
        #expect(try failure("Gadget:new{ nme = 'x' }") == "p.lua:1: test.Gadget has no property 'nme' (did you mean 'name'?)")
    }

    @Test func luaSubclassesOfAStrictClassTakeFields() throws {
        let lua = try state()
        let results = try lua.run("""
            local Card = Panel:extend("Card")
            local card = Card:new{ entry = 'one', text = 'hi' }
            card.count = 2
            local Knob = Dial:extend("Knob")
            local knob = Knob:new{ level = 4, note = 'kept' }
            return card.entry, card.count, card.text, knob.level, knob.note
            """, name: "=s")
        #expect(results == ["one", .integer(2), "hi", .integer(4), "kept"])
    }
}
