import Foundation
import Testing
@testable import LuaBridge

private enum Fruit: String, CaseIterable, LuaEnumeration {
    case apple, banana, cherry
}

/// Every way a Swift function fails reaches Lua in one shape, with the caller's place.
@MainActor
struct LuaErrorPathTests {
    @Test func suggestionsFindMisspellingsAndLongerNames() {
        #expect(LuaSuggestion.closest(to: "viewDidLod", among: ["viewDidLoad", "viewWillAppear"]) == "viewDidLoad")
        #expect(LuaSuggestion.closest(to: "numberOfRow", among: ["numberOfRows", "numberOfSections"]) == "numberOfRows")
        #expect(LuaSuggestion.closest(to: "txt", among: ["text", "tag", "frame"]) == "text")
        #expect(LuaSuggestion.closest(to: "textAlignment", among: ["alignment", "lines", "text"]) == "alignment")
        #expect(LuaSuggestion.closest(to: "touchUpInsde", among: ["touchUpInside", "touchUpOutside"]) == "touchUpInside")
        #expect(LuaSuggestion.closest(to: "Frame", among: ["frame"]) == "frame")
        #expect(LuaSuggestion.closest(to: "zebra", among: ["frame", "text", "alpha"]) == nil)
        #expect(LuaSuggestion.closest(to: "", among: ["frame"]) == nil)
        #expect(LuaSuggestion.closest(to: "frame", among: ["frame"]) == nil)
    }

    @Test func optionsFailAsLuaCheckoptionDoesWithTheIntendedNameOrTheList() throws {
        let lua = try LuaState()
        lua.globals.set("pick", lua.function { args in try args.get(1, as: Fruit.self) })
        lua.globals.set("kind", lua.function { args in try args.option(1, among: ["text", "svg"], default: "text") })
        let results = try lua.run("""
            local function try(f, ...) local ok, e = pcall(f, ...) return e end
            return pick("banana"), try(function() return pick("bananna") end),
                   try(function() return pick("kiwi") end), try(function() return pick(3) end),
                   kind(), try(function() return kind("png") end)
            """, name: "@fruit.lua")
        #expect(results[0] == "banana")
        #expect(results[1] == "fruit.lua:2: bad argument #1 to 'pick' (invalid option 'bananna' (did you mean 'banana'?))")
        #expect(results[2] == "fruit.lua:3: bad argument #1 to 'pick' (invalid option 'kiwi' (expected apple, banana or cherry))")
        #expect(results[3] == "fruit.lua:3: bad argument #1 to 'pick' (string expected, got number)")
        #expect(results[4] == "text")
        #expect(results[5] == "fruit.lua:4: bad argument #1 to 'kind' (invalid option 'png' (expected text or svg))")
    }

    @Test func constructorFieldsFailAsArgumentsNamingTheField() throws {
        let lua = try LuaState()
        lua.globals.set("make", lua.function { args in try args.field(1, "fruit", as: Fruit?.self)?.rawValue ?? "none" })
        let results = try lua.run("""
            local ok, e = pcall(function() return make{ fruit = "chery" } end)
            return make{ fruit = "apple" }, make{}, make(nil), e
            """, name: "@fields.lua")
        #expect(results[0] == "apple")
        #expect(results[1] == "none")
        #expect(results[2] == "none")
        #expect(results[3] == "fields.lua:1: bad argument #1 to 'make' (invalid option 'chery' (did you mean 'cherry'?) in field 'fruit')")
    }

    /// The error type a binding throws does not decide whether the message has a place: only
    /// an error that came out of Lua code keeps its own.
    @Test func everyRefusalCarriesTheCallersPlace() throws {
        let lua = try LuaState()
        lua.globals.set("handmade", lua.function { _ -> Void in throw LuaError(kind: .runtime, message: "no such thing") })
        lua.globals.set("plain", lua.function { _ -> Void in throw PlainSwiftError() })
        lua.globals.set("relay", lua.function { args -> Void in try args.get(1, as: LuaFunction.self).call() })
        let results = try lua.run("""
            local function try(f) local ok, e = pcall(f) return e end
            return try(function() handmade() end),
                   try(function() plain() end),
                   try(function() relay(function() error("inner") end) end)
            """, name: "@place.lua")
        #expect(results[0] == "place.lua:2: no such thing")
        #expect(results[1] == "place.lua:3: the disk is full")
        #expect(results[2] == "place.lua:4: inner")
    }

    @Test func aClassWhereAnInstanceBelongsSaysHowToMakeOne() throws {
        final class Thing: LuaObject {}
        let lua = try LuaState()
        let thing = LuaClass<Thing>("demo.Thing")
        thing.constructor { _ in Thing() }
        lua.globals.set("Thing", lua.register(thing))
        lua.globals.set("use", lua.function { args -> Void in _ = try args.get(1, as: Thing.self) })
        let message = try lua.run("""
            local Sub = setmetatable({ __name = "Gadget" }, { __index = Thing })
            Sub.__index = Sub
            local ok, e = pcall(function() use(Sub) end)
            return e
            """, name: "@class.lua")
        #expect(message == ["class.lua:3: bad argument #1 to 'use' (a demo.Thing instance expected, got the class Gadget; call Gadget:new())"])
    }

    @Test func referencesInMessagesReadAsLuaPrintsThem() throws {
        let lua = try LuaState()
        let table = try lua.run("return {}", name: "=t")[0]
        #expect(table.description.hasPrefix("table: 0x"))
        #expect(!table.description.contains("ref"))
    }

    @Test func anInterruptStopsALoopWithItsPlaceUntilCleared() throws {
        let lua = try LuaState()
        let interrupter = lua.interrupter
        Task.detached {
            try? await Task.sleep(for: .milliseconds(50))
            interrupter.interrupt("stopped by the watchdog")
        }
        let error = try #require(throws: LuaError.self) {
            try lua.run("local n = 0 while true do n = n + 1 end", name: "@loop.lua")
        }
        #expect(error.message == "loop.lua:1: stopped by the watchdog")
        #expect(lua.isInterrupted)
        // pcall cannot catch its way past it.
        let again = try #require(throws: LuaError.self) {
            try lua.run("for i = 1, 10 do pcall(function() while true do end end) end", name: "@again.lua")
        }
        #expect(again.message.contains("stopped by the watchdog"))
        lua.clearInterrupt()
        #expect(try lua.run("local n = 0 for i = 1, 100000 do n = n + i end return n", name: "=ok") == [.integer(5_000_050_000)])
        lua.close()
        interrupter.interrupt("after close: ignored")
    }

    @Test("an interrupt from another thread between calls stops the next call at once")
    func anInterruptBetweenCallsStopsTheNextCall() async throws {
        let lua = try LuaState()
        let interrupter = lua.interrupter
        try lua.run("return 1", name: "=first")
        await Task.detached { interrupter.interrupt("stopped between calls") }.value
        let error = try #require(throws: LuaError.self) {
            try lua.run("local n = 0 while true do n = n + 1 end", name: "@next.lua")
        }
        #expect(error.message == "next.lua:1: stopped between calls")
        lua.clearInterrupt()
    }

    /// The interrupting thread never touches the running thread's call frames (only the
    /// thread running the code does, in its signal handler): code that calls and returns all
    /// the time, stopped from another thread at many moments, always stops cleanly.
    @Test("interrupts from another thread while calls come and go stop the code, never the process")
    func interruptsWhileCallsComeAndGo() throws {
        for round in 0..<60 {
            let lua = try LuaState()
            let interrupter = lua.interrupter
            let delay = UInt32(200 + (round * 397) % 3000)
            let thread = Thread {
                usleep(delay)
                interrupter.interrupt("stopped in round \(round)")
            }
            thread.start()
            let error = try #require(throws: LuaError.self) {
                try lua.run("""
                    local function f(n) if n == 0 then return {} end return { f(n - 1) } end
                    while true do f(40) pcall(f, 20) end
                    """, name: "@busy.lua")
            }
            #expect(error.message.hasSuffix("stopped in round \(round)"))
            lua.close()
        }
    }

    @Test func tracebacksCanLeaveOutTheHostsOwnChunks() throws {
        let lua = try LuaState()
        try lua.run("""
            local function check(fields) if fields.bad then error("bad field", 3) end return fields end
            function make(fields) local checked = check(fields) return checked end
            """, name: "=host")
        let error = try #require(throws: LuaError.self) {
            try lua.run("""
                local function build()
                  local made = make{ bad = true }
                  return made
                end
                build()
                """, name: "@app.lua")
        }
        #expect(error.message == "app.lua:2: bad field")
        #expect(error.traceback?.contains("host:") == true)
        let trimmed = error.hidingFrames(of: ["host"])
        #expect(trimmed.message == error.message)
        let frames = try #require(trimmed.traceback).split(separator: "\n").map { $0.trimmingPrefix("\t") }
        #expect(frames.first == "stack traceback:")
        #expect(frames.dropFirst().allSatisfy { $0.hasPrefix("app.lua:") || $0.hasPrefix("[C]: in ?") })
        #expect(frames.contains { $0.hasPrefix("app.lua:2:") })
        // Nothing named, nothing changed.
        #expect(error.hidingFrames(of: []) == error)
    }
}
