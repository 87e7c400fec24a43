import Testing
@testable import LuaBridge

/// How Swift finds a Lua override of an extensible object: the walk up its class chain
/// ends on a cycle, and a miss is remembered only until something could add the method.
@MainActor
struct LuaExtensibleTests {
    func state() throws -> LuaState {
        let lua = try LuaState()
        lua.globals.set("Widget", lua.register(Widget.lua))
        return lua
    }

    func widget(_ lua: LuaState, _ code: String) throws -> Widget {
        let results = try lua.run(code, name: "@w.lua")
        return try #require(results.first?.userdataValue?.object(as: Widget.self))
    }

    @Test func aCycleOfMetatablesAmongClassesEndsTheSearch() throws {
        let lua = try state()
        let widget = try widget(lua, """
            local A = Widget:extend("A")
            function A:size() return 7 end
            local a = A:new()
            local B = A:extend("B")
            local b = B:new()
            setmetatable(A, setmetatable({}, A))
            setmetatable(B, B)
            widgets = { a, b }
            return b
            """)
        // Both chains loop; each lookup ends after a bounded walk, with no override found
        // beyond what the cycle holds, and no error.
        #expect(widget.size() == 1)
        widget.didLoad(true)
        #expect(widget.log == ["swift didLoad true"])
        #expect(widget.luaPeer?.overrides("size") == false)
        let a = try #require(try lua.run("return widgets[1]", name: "=a").first?.userdataValue?.object(as: Widget.self))
        #expect(a.size() == 7)
    }

    @Test func aMissIsFoundAgainOnceAClassOrTheObjectGetsTheMethod() throws {
        let lua = try state()
        let leaf = try widget(lua, """
            Base = Widget:extend("Base")
            Leaf = Base:extend("Leaf")
            leaf = Leaf:new()
            return leaf
            """)
        #expect(leaf.size() == 1)
        #expect(leaf.size() == 1)
        try lua.run("function Base:size() return 2 end", name: "=base")
        #expect(leaf.size() == 2)
        try lua.run("function Leaf:size() return 3 end", name: "=leaf")
        #expect(leaf.size() == 3)
        try lua.run("function leaf:size() return 4 end", name: "=object")
        #expect(leaf.size() == 4)
        try lua.run("leaf.size = nil; Leaf.size = nil; Base.size = nil", name: "=none")
        #expect(leaf.size() == 1)
        try lua.run("function leaf:size() return 6 end", name: "=again")
        #expect(leaf.size() == 6)
        try lua.run("leaf.size = nil", name: "=gone")
        #expect(leaf.size() == 1)
        // A class put above by setmetatable.
        try lua.run("Mixin = Widget:extend('Mixin'); function Mixin:size() return 5 end", name: "=mixin")
        #expect(leaf.size() == 1)
        try lua.run("setmetatable(Base, Mixin)", name: "=set")
        #expect(leaf.size() == 5)
        // A field that was there but not a function, which becomes one without a new key.
        try lua.run("setmetatable(Base, Widget); Leaf.didLoad = 0", name: "=value")
        leaf.didLoad(false)
        try lua.run("Leaf.didLoad = function(self) self.title = 'lua' end", name: "=function")
        leaf.didLoad(false)
        #expect(leaf.log == ["swift didLoad false"])
        #expect(leaf.title == "lua")
    }

    @Test func classTablesTakeNewKeysAsTablesDoAndSayWhereAKeyIsBad() throws {
        let lua = try state()
        #expect(try lua.run("""
            local C = Widget:extend("C")
            C.answer = 42
            rawset(C, "raw", true)
            return C.answer, C.raw, rawget(C, "answer")
            """, name: "=k") == [42, true, 42])
        let nilKey = try #require(throws: LuaError.self) {
            try lua.run("local C = Widget:extend('C')\nC[nil] = 1", name: "@k.lua")
        }
        #expect(nilKey.message == "k.lua:2: index is nil")
        let nanKey = try #require(throws: LuaError.self) {
            try lua.run("local C = Widget:extend('C')\n\nC[0/0] = 1", name: "@k.lua")
        }
        #expect(nanKey.message == "k.lua:3: index is NaN")
        let notATable = try #require(throws: LuaError.self) {
            try lua.run("Widget.__newindex(5, 'x', 1)", name: "@k.lua")
        }
        #expect(notATable.message == "k.lua:1: bad argument #1 to '__newindex' (table expected, got number)")
    }

    @Test func setmetatableFailsInTheBaseLibrarysWords() throws {
        let lua = try state()
        let cases: [(String, String)] = [
            ("setmetatable(1, {})", "s.lua:1: bad argument #1 to 'setmetatable' (table expected, got number)"),
            ("setmetatable({}, 1)", "s.lua:1: bad argument #2 to 'setmetatable' (nil or table expected, got number)"),
            ("setmetatable(setmetatable({}, { __metatable = 1 }), {})", "s.lua:1: cannot change a protected metatable"),
        ]
        for (code, message) in cases {
            let error = try #require(throws: LuaError.self) { try lua.run(code, name: "@s.lua") }
            #expect(error.message == message)
        }
        #expect(try lua.run("local t = {}; return setmetatable(t, { __index = { x = 1 } }) == t, t.x", name: "=s") == [true, 1])
    }
}
