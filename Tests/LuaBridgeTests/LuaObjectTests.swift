import Testing
import CLua
import LuaShim
@testable import LuaBridge

@MainActor
final class Counter: LuaObject {
    nonisolated(unsafe) static var live = 0
    var value = 0
    let label: String

    init(label: String = "") {
        self.label = label
        Counter.live += 1
    }

    deinit { Counter.live -= 1 }

    static let lua: LuaClass<Counter> = {
        let cls = LuaClass<Counter>("test.Counter")
        cls.property("value", get: { $0.value }, set: { $0.value = $1 })
        cls.property("label", get: { $0.label })
        cls.method("increment") { counter, args in
            counter.value += try args.get(2, default: 1)
            return counter.value
        }
        cls.constructor(keys: ["label"]) { args in
            let fields = try args.get(2, as: LuaTable?.self)
            return Counter(label: try fields?.get("label", as: String?.self) ?? "")
        }
        cls.metamethod("__len") { args in args.stack.object(at: 1, as: Counter.self)?.value ?? 0 }
        return cls
    }()
}

@MainActor
struct LuaObjectTests {
    func state() throws -> LuaState {
        let lua = try LuaState()
        lua.globals.set("Counter", lua.register(Counter.lua))
        return lua
    }

    @Test func methodsAndPropertiesReachTheSwiftObject() throws {
        let lua = try state()
        let counter = Counter()
        lua.globals.set("c", counter)
        let results = try lua.run("c.value = 10; c:increment(); return c:increment(5), c.value, #c", name: "=o")
        #expect(results == [.integer(16), .integer(16), .integer(16)])
        #expect(counter.value == 16)
    }

    @Test func badAssignmentsSayWhatWasWrong() throws {
        let lua = try state()
        lua.globals.set("c", Counter(label: "fixed"))
        let readOnly = try #require(throws: LuaError.self) { try lua.run("c.label = 'x'", name: "@p.lua") }
        #expect(readOnly.message == "p.lua:1: property 'label' of test.Counter is read-only")
        let badValue = try #require(throws: LuaError.self) { try lua.run("\nc.value = 'many'", name: "@p.lua") }
        #expect(badValue.message == "p.lua:2: bad value for property 'value' of test.Counter (number expected, got string)")
        let unknown = try #require(throws: LuaError.self) { try lua.run("c.colour = 'red'", name: "@p.lua") }
        #expect(unknown.message == "p.lua:1: test.Counter has no property 'colour'")
        let badSelf = try #require(throws: LuaError.self) { try lua.run("c.increment({})", name: "@p.lua") }
        #expect(badSelf.message == "p.lua:1: bad argument #1 to 'increment' (test.Counter expected, got table)")
        let badSelfMethod = try #require(throws: LuaError.self) { try lua.run("local t = { increment = c.increment } t:increment()", name: "@p.lua") }
        #expect(badSelfMethod.message == "p.lua:1: calling 'increment' on bad self (test.Counter expected, got table)")
        #expect(try lua.run("return c.nothing", name: "=p") == [.nil])
    }

    @Test func theSameObjectIsTheSameLuaValue() throws {
        let lua = try state()
        let counter = Counter()
        lua.globals.set("give", lua.function { _ in counter })
        lua.globals.set("other", lua.function { _ in Counter() })
        let results = try lua.run("""
            local a, b = give(), give()
            local seen = { [a] = true }
            return rawequal(a, b), seen[b] == true, a == other(), tostring(a) == tostring(b)
            """, name: "=i")
        #expect(results == [true, true, false, true])
        #expect(try lua.run("return tostring(give())", name: "=i").first?.stringValue?.hasPrefix("test.Counter: 0x") == true)
    }

    @Test func twoUserdataOfOneObjectAreEqual() throws {
        // The identity table makes a second userdata for an object rare (a collected one's
        // finalizer may still be pending), so make one with the C API; `==` must still hold.
        let lua = try state()
        let counter = Counter()
        lua.globals.set("a", counter)
        lua.globals.set("other", Counter())
        let L = lua.handle
        lsh_newobject(L, Unmanaged.passRetained(counter).toOpaque(), lua.realizedClass(for: Counter.self)!.token)
        lua_getglobal(L, "a")
        lua_getmetatable(L, -1)
        lua_setmetatable(L, -3)
        lua_pop(L, 1)
        lua_setglobal(L, "b")
        let results = try lua.run("return rawequal(a, b), a == b, b == a, a == other, a ~= b", name: "=eq")
        #expect(results == [false, true, true, false, false])
    }

    @Test func luaKeepsObjectsAliveAndReleasesThemWhenCollected() throws {
        let lua = try state()
        Counter.live = 0
        try lua.run("kept = Counter:new{ label = 'a', value = 3 }", name: "=g")
        #expect(Counter.live == 1)
        lua.collectGarbage()
        #expect(Counter.live == 1)
        #expect(try lua.run("return kept.label, kept.value", name: "=g") == ["a", .integer(3)])
        try lua.run("kept = nil", name: "=g")
        lua.collectGarbage()
        #expect(Counter.live == 0)
    }

    @Test func noObjectLeaksOverManyRoundTrips() throws {
        let lua = try state()
        Counter.live = 0
        let echo = try lua.load("local c = ... return c", name: "=echo")
        for index in 0..<100_000 {
            let counter = Counter()
            counter.value = index
            let back = try echo.call(counter, returning: Counter.self)
            #expect(back === counter)
        }
        lua.collectGarbage()
        #expect(Counter.live == 0)
        try lua.run("for i = 1, 100000 do local c = Counter:new() c.value = i end", name: "=loop")
        lua.collectGarbage()
        #expect(Counter.live == 0)
    }

    @Test func closingTheStateReleasesEverything() throws {
        Counter.live = 0
        var lua: LuaState? = try state()
        try lua!.run("a = Counter:new() b = { Counter:new(), Counter:new() }", name: "=c")
        #expect(Counter.live == 3)
        lua = nil
        #expect(Counter.live == 0)
    }

    @Test func readingAnObjectChecksItsType() throws {
        let lua = try state()
        lua.globals.set("want", lua.function { args in try args.get(1, as: Counter.self).value })
        let error = try #require(throws: LuaError.self) { try lua.run("want(io.stdout)", name: "@t.lua") }
        #expect(error.message == "t.lua:1: bad argument #1 to 'want' (test.Counter expected, got FILE*)")
        #expect(try lua.run("return want(Counter:new{ value = 4 })", name: "=t") == [.integer(4)])
    }

    @Test func unregisteredClassesStillPushSafely() throws {
        final class Opaque {}
        let lua = try LuaState()
        lua.globals.set("give", lua.function { _ in LuaOpaque(Opaque()) })
        let results = try lua.run("local o = give() return type(o), o.anything", name: "=u")
        #expect(results == ["userdata", .nil])
    }
}

/// Pushes any object, registered or not.
struct LuaOpaque: LuaPushable {
    let object: AnyObject
    init(_ object: AnyObject) { self.object = object }
    func push(to stack: LuaStack) -> Int32 {
        stack.push(object: object)
        return 1
    }
}
