import Foundation
import LuaBridge
import Testing
@testable import ScreenTest

/// The lines coverage counts, from Lua's own line information, and what it reports.
struct CoverageTests {
    /// The executable lines and the lines whose hits count elsewhere, as coverage.lua reads them.
    func executable(_ source: String) throws -> (lines: [Int], moved: [Int: Int]) {
        let lua = try LuaState(libraries: .all)
        let results = try Coverage.chunk.function("executableLines", in: lua).callReturningAll(source, "=test")
        let lines = results.first?.tableValue?.array.compactMap { $0.integerValue.map(Int.init) } ?? []
        var moved: [Int: Int] = [:]
        for (from, to) in results.count > 1 ? results[1].tableValue?.pairs ?? [] : [] {
            if let from = from.integerValue, let to = to.integerValue { moved[Int(from)] = Int(to) }
        }
        return (lines, moved)
    }

    @Test func blankLinesCommentsAndEndsAreNotCounted() throws {
        let (lines, moved) = try executable("""
            -- a comment
            local m = {}

            function m.f(a)
              if a then
                return 1
              end
              return 2
            end

            local function g(...)
              return select("#", ...)
            end

            return m
            """)
        #expect(lines == [2, 4, 5, 6, 8, 11, 12, 15])
        // The definitions are made on their `end` lines, and counted where they start.
        #expect(moved == [9: 4, 13: 11])
    }

    /// A function's lines are those debug.getinfo's activelines gives it, less its closing
    /// `end` when nothing else is on it.
    @Test func nestedFunctionsHaveTheLinesLuaGivesThem() throws {
        let source = """
            local t = {}
            t.f = function(x)
              local y = x + 1
              return y
            end
            return t
            """
        let lua = try LuaState(libraries: .all)
        lua.globals.set("source", source)
        let active = try lua.run("""
            local t = load(source)()
            local lines = {}
            for line in pairs(debug.getinfo(t.f, "L").activelines) do lines[#lines + 1] = line end
            table.sort(lines)
            return lines
            """, name: "=probe")
        let fromLua = active.first?.tableValue?.array.compactMap { $0.integerValue.map(Int.init) } ?? []
        #expect(fromLua == [3, 4, 5])
        // The assignment is made on the `end` line with the closure: that line counts.
        #expect(try executable(source).lines == [1, 3, 4, 5, 6])
    }

    @Test func aChunkThatDoesNotCompileHasNoLines() throws {
        let lua = try LuaState(libraries: .all)
        let results = try Coverage.chunk.function("executableLines", in: lua).callReturningAll("local = 1", "=bad")
        #expect(results.first?.isNil == true)
    }

    @Test func theReportIsLCOVAndASummary() {
        let file = Coverage.File(path: "src/a.lua", executable: [1, 2, 4], hit: [1, 4])
        #expect(Coverage.lcov([file]) == "TN:\nSF:src/a.lua\nDA:1,1\nDA:2,0\nDA:4,1\nLF:3\nLH:2\nend_of_record\n")
        #expect(Coverage.summary([file], written: "coverage/lcov.info") == [
            "Coverage (coverage/lcov.info):",
            "File         Lines      Hit   Percent",
            "src/a.lua        3        2    66.67%",
            "Total            3        2    66.67%",
        ])
    }

    @Test func linesFromSeveralStatesAreJoined() {
        var coverage = Coverage()
        coverage.add(["@src/a.lua": [1, 2]])
        var other = Coverage()
        other.add(["@src/a.lua": [2, 5], "@src/b.lua": [1]])
        coverage.add(other)
        #expect(coverage.lines == ["@src/a.lua": [1, 2, 5], "@src/b.lua": [1]])
    }
}
