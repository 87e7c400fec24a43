import Testing
import LuaBridge
@testable import ScreenScript

/// What passes from one Lua state to another through a reload: plain data, bounded.
@MainActor
struct RestorableValueTests {
    func read(_ code: String) throws -> (RestorableValue, [String]) {
        let lua = try LuaState(libraries: .all)
        let table = try lua.run(code, name: "=test").first?.tableValue
        var warnings: [String] = []
        let value = RestorableValue.read(try #require(table), named: "coder") { warnings.append($0) }
        return (value, warnings)
    }

    @Test func aRoundTripKeepsKindsAndKeys() throws {
        let (value, warnings) = try read("return { s = 'x\\0y', i = math.maxinteger, f = -0.5, b = false, [2.0] = 'two', t = { 1, 2 } }")
        #expect(warnings.isEmpty)
        let other = try LuaState(libraries: .all)
        let copy = try other.load("""
            local t = ...
            return t.s == 'x\\0y' and math.type(t.i) == 'integer' and t.i == math.maxinteger and t.f == -0.5
              and t.b == false and t[2] == 'two' and #t.t == 2
            """, name: "=test").call(value.luaValue(in: other), returning: Bool.self)
        #expect(copy)
        #expect(RestorableValue.read(try #require(value.luaValue(in: other).tableValue), named: "coder") { _ in } == value)
    }

    @Test func oddKeysNaNAndInfinityAreHandled() throws {
        let (value, warnings) = try read("return { [1.5] = 'a', [true] = 'b', nan = 0/0, inf = math.huge }")
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.contains("only string and integer keys are kept") })
        guard case .table(let fields) = value else { Issue.record("not a table"); return }
        #expect(fields.count == 2)
        #expect(fields[.string("inf")] == .number(.infinity))
    }

    @Test func aHugeTableIsCutWithOneWarning() throws {
        let (value, warnings) = try read("local t = {} for i = 1, 20000 do t[i] = i end return t")
        #expect(warnings == ["coder holds more than 10000 values; the rest is left out"])
        guard case .table(let fields) = value else { Issue.record("not a table"); return }
        #expect(fields.count == RestorableValue.valueLimit)
    }

    @Test func aTableSharedTwiceIsCopiedAndACycleIsCut() throws {
        let (value, warnings) = try read("local shared = { 1 } local t = { a = shared, b = shared } t.me = t return t")
        #expect(warnings == ["coder.me is a table that contains itself (a cycle); left out"])
        guard case .table(let fields) = value else { Issue.record("not a table"); return }
        #expect(fields[.string("a")] == fields[.string("b")])
    }
}
