import Testing
import CLua
@testable import LuaBridge

/// Conversions both ways, through a Swift function so that failures show Lua's wording.
@MainActor
struct LuaValueTests {
    /// Runs `code` with a global `roundtrip(v)` that reads its argument as `T` and pushes it back.
    func roundtrip<T: LuaConvertible & Equatable>(_ type: T.Type, _ code: String) throws -> [LuaValue] {
        let lua = try LuaState()
        lua.globals.set("roundtrip", lua.function { args in try args.get(1, as: T.self) })
        return try lua.run(code, name: "=test")
    }

    func failure<T: LuaConvertible & Equatable>(_ type: T.Type, _ argument: String) throws -> String {
        let lua = try LuaState()
        lua.globals.set("roundtrip", lua.function { args in try args.get(1, as: T.self) })
        let error = try #require(throws: LuaError.self) { try lua.run("roundtrip(\(argument))", name: "=test") }
        return error.message
    }

    @Test func integersStayIntegersAcrossTheWholeRange() throws {
        #expect(try roundtrip(Int64.self, "return roundtrip(math.maxinteger), roundtrip(math.mininteger)")
            == [.integer(.max), .integer(.min)])
        #expect(try roundtrip(Int64.self, "return math.type(roundtrip(3))") == ["integer"])
        #expect(try roundtrip(Int.self, "return roundtrip(9007199254740993)") == [.integer(9_007_199_254_740_993)])
        // Floats with an exact integer value and numeric strings convert, as luaL_checkinteger does.
        #expect(try roundtrip(Int.self, "return roundtrip(4.0), roundtrip('12')") == [.integer(4), .integer(12)])
    }

    @Test func integerFailuresUseLuasWording() throws {
        #expect(try failure(Int.self, "3.5") == "test:1: bad argument #1 to 'roundtrip' (number has no integer representation)")
        #expect(try failure(Int.self, "{}") == "test:1: bad argument #1 to 'roundtrip' (number expected, got table)")
        #expect(try failure(Int.self, "") == "test:1: bad argument #1 to 'roundtrip' (number expected, got no value)")
        #expect(try failure(Int32.self, "2^40 // 1") == "test:1: bad argument #1 to 'roundtrip' (number 1099511627776 is out of range)")
    }

    @Test func numbers() throws {
        #expect(try roundtrip(Double.self, "return roundtrip(1.5), math.type(roundtrip(2))") == [.number(1.5), "float"])
        #expect(try roundtrip(Double.self, "return roundtrip('2.25')") == [.number(2.25)])
        #expect(try failure(Double.self, "'abc'") == "test:1: bad argument #1 to 'roundtrip' (number expected, got string)")
    }

    @Test func booleansAreStrict() throws {
        #expect(try roundtrip(Bool.self, "return roundtrip(true), roundtrip(false)") == [true, false])
        #expect(try failure(Bool.self, "1") == "test:1: bad argument #1 to 'roundtrip' (boolean expected, got number)")
        #expect(try failure(Bool.self, "nil") == "test:1: bad argument #1 to 'roundtrip' (boolean expected, got nil)")
    }

    @Test func stringsKeepEveryByte() throws {
        #expect(try roundtrip(String.self, "return roundtrip('héllo')") == ["héllo"])
        let zeros = try roundtrip(String.self, "local s = roundtrip('a\\0b\\0') return #s, s:byte(2), s:byte(4)")
        #expect(zeros == [.integer(4), .integer(0), .integer(0)])
        // Numbers convert to strings, as luaL_checkstring does.
        #expect(try roundtrip(String.self, "return roundtrip(12)") == ["12"])
        #expect(try failure(String.self, "{}") == "test:1: bad argument #1 to 'roundtrip' (string expected, got table)")
    }

    @Test func bytesThatAreNotUTF8SurviveAsLuaString() throws {
        let results = try roundtrip(LuaValue.self, "return roundtrip('\\255\\0\\254')")
        guard case .string(let string) = try #require(results.first) else { Issue.record("not a string"); return }
        #expect(string.bytes == [255, 0, 254])
        #expect(string.text == nil)
        let lua = try LuaState()
        lua.globals["blob"] = LuaValue.string(LuaString(bytes: [0, 1, 255]))
        #expect(try lua.run("return #blob, blob:byte(3)", name: "=b") == [.integer(3), .integer(255)])
    }

    @Test func arraysBothWays() throws {
        #expect(try roundtrip([Int].self, "local t = roundtrip({3, 1, 2}) return #t, t[1], t[3]")
            == [.integer(3), .integer(3), .integer(2)])
        #expect(try roundtrip([[String]].self, "return roundtrip({{'a'}, {'b', 'c'}})[2][2]") == ["c"])
        #expect(try failure([Int].self, "{1, 'x'}") == "test:1: bad argument #1 to 'roundtrip' (number expected, got string at index 2)")
        #expect(try failure([Int].self, "nil") == "test:1: bad argument #1 to 'roundtrip' (table expected, got nil)")
    }

    @Test func dictionariesBothWays() throws {
        #expect(try roundtrip([String: Double].self, "local t = roundtrip({x = 1, y = 2.5}) return t.x, t.y")
            == [.number(1), .number(2.5)])
        #expect(try failure([String: Int].self, "{x = 'no'}") == "test:1: bad argument #1 to 'roundtrip' (number expected, got string in field 'x')")
        #expect(try failure([String: Int].self, "{1}") == "test:1: bad argument #1 to 'roundtrip' (string keys expected, got a number key)")
    }

    @Test func optionals() throws {
        #expect(try roundtrip(Int?.self, "return roundtrip(nil), roundtrip(), roundtrip(5)") == [.nil, .nil, .integer(5)])
        #expect(try failure(Int?.self, "'x'") == "test:1: bad argument #1 to 'roundtrip' (number expected, got string)")
    }

    @Test func everyLuaTypeReadsAsALuaValue() throws {
        let lua = try LuaState()
        let values = try lua.run(
            "return nil, true, 7, 7.5, 's', {}, print, io.stdout, coroutine.create(print)", name: "=v")
        #expect(values.map(\.type) == [.nil, .boolean, .number, .number, .string, .table, .function, .userdata, .thread])
        #expect(values[2] == .integer(7))
        #expect(values[3] == .number(7.5))
        #expect(values[2] != .number(7))
    }

    @Test func referenceTypesRoundTripAndSayWhatTheyExpected() throws {
        let lua = try LuaState()
        lua.globals.set("fn", lua.function { args in try args.get(1, as: LuaFunction.self) })
        lua.globals.set("tbl", lua.function { args in try args.get(1, as: LuaTable.self) })
        lua.globals.set("ud", lua.function { args in try args.get(1, as: LuaUserdata.self) })
        lua.globals.set("co", lua.function { args in try args.get(1, as: LuaThread.self) })
        let same = try lua.run("""
            local f, t, u, c = function() return 1 end, {}, io.stdout, coroutine.create(print)
            return rawequal(fn(f), f), rawequal(tbl(t), t), rawequal(ud(u), u), rawequal(co(c), c), fn(f)()
            """, name: "=r")
        #expect(same == [true, true, true, true, .integer(1)])
        let failures = [
            ("fn", "1", "function expected, got number"), ("fn", "", "function expected, got no value"),
            ("tbl", "'x'", "table expected, got string"), ("ud", "{}", "userdata expected, got table"),
            ("co", "print", "thread expected, got function"),
        ]
        for (name, argument, expected) in failures {
            let error = try #require(throws: LuaError.self) { try lua.run("\(name)(\(argument))", name: "=test") }
            #expect(error.message == "test:1: bad argument #1 to '\(name)' (\(expected))")
        }
    }

    @Test func referencesKeepValuesAliveAndCompareByIdentity() throws {
        let lua = try LuaState()
        let results = try lua.run("t = { name = 'kept' } return t, t, {}", name: "=r")
        try lua.run("t = nil", name: "=r")
        lua.collectGarbage()
        let table = try #require(results[0].tableValue)
        #expect(table["name"] == "kept")
        #expect(results[0] == results[1])
        #expect(results[0] != results[2])
        table["added"] = LuaValue.integer(1)
        lua.globals["back"] = results[0]
        #expect(try lua.run("return back.added", name: "=r") == [.integer(1)])
    }

    @Test func droppedReferencesFreeTheirRegistrySlots() throws {
        let lua = try LuaState()
        try lua.run("function make() return {} end", name: "=r")
        let make = try lua.globals.get("make", as: LuaFunction.self)
        lua.collectGarbage()
        let before = lua.memoryInUse
        for _ in 0..<10_000 {
            _ = try make.call(returning: LuaTable.self)
        }
        lua.collectGarbage()
        // 10^4 live tables would take several hundred kilobytes; freed slots take nothing.
        #expect(lua.memoryInUse - before < 64 * 1024)
    }

    @Test func tablesConvertWholesale() throws {
        let lua = try LuaState()
        let table = try #require(try lua.run("return { 1, 2, 3, n = 'x' }", name: "=t").first?.tableValue)
        #expect(table.count == 3)
        #expect(table.array == [.integer(1), .integer(2), .integer(3)])
        #expect(table.pairs.count == 4)
        #expect(try table.decode(as: [Int].self) == [1, 2, 3])
        #expect(throws: LuaConversionError(message: "number expected, got nil in field 'missing'")) {
            try table.get("missing", as: Int.self)
        }
    }

    @Test func swiftValuesPushAsTheirLuaCounterparts() throws {
        let lua = try LuaState()
        lua.globals.set("list", [1, 2, 3])
        lua.globals.set("map", ["a": "x"])
        lua.globals.set("flag", true)
        lua.globals.set("ratio", 0.5)
        lua.globals.set("nothing", Int?.none)
        let results = try lua.run(
            "return #list, map.a, flag, math.type(ratio), nothing == nil, math.type(list[1])", name: "=p")
        #expect(results == [.integer(3), "x", true, "float", true, "integer"])
    }
}
