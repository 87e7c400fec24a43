import ArgumentParser
import Foundation
import LuaBridge
import ScreenScript
import Testing

@testable import screens

/// Every call into Lua from the loop runs under an instruction budget and a CPU time limit,
/// by default and as `--instructions` and `--cpu` say: a callback that never ends is
/// stopped, reported, and the app goes on.
struct CallLimitsTests {
    static let spins = "Tests/ScreensCLITests/Scripts/spins.lua"
    static let sorts = "Tests/ScreensCLITests/Scripts/sorts.lua"

    @Test func aTimerLoopingForEverIsStoppedByTheDefaultBudgetAndTheAppGoesOn() async throws {
        let result = try await ScreensProgram.screensDetached(["run", Self.spins, "--headless"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("went on"))
        #expect(result.stderr.hasSuffix("""
            screens: 1 script error was reported during the run:
              timer callback scheduled at \(Self.spins):8: \(Self.spins):10: instruction budget exhausted (200000000 instructions)

            """))
    }

    @Test func aTimerLoopingInCIsStoppedByTheCPULimit() async throws {
        let result = try await ScreensProgram.screensDetached(["run", Self.sorts, "--headless", "--cpu", "0.5", "--instructions", "0"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("went on"))
        #expect(result.stderr.hasSuffix("""
            screens: 1 script error was reported during the run:
              timer callback scheduled at \(Self.sorts):8: \(Self.sorts):12: CPU time limit exceeded (0.5 s)

            """))
    }

    @Test func aSmallBudgetStopsTheCallbackSooner() async throws {
        let result = try await ScreensProgram.screensDetached(["run", Self.spins, "--headless", "--instructions", "1000000"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("went on"))
        #expect(result.stderr.contains("\(Self.spins):10: instruction budget exhausted (1000000 instructions)"))
    }

    @Test func aMainChunkThatNeverEndsIsStopped() async throws {
        let app = "Tests/ScreensCLITests/Scripts/spinsatstart.lua"
        let result = try await ScreensProgram.screensDetached(["run", app, "--headless", "--cpu", "0.2", "--instructions", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("screens: \(app):3: CPU time limit exceeded (0.2 s)\n"))
    }

    @Test func theMonkeyNamesTheCPULimitInItsReplayHint() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("sorts.rec").path
            let result = try await ScreensProgram.screensDetached([
                "monkey", Self.sorts, "--seed", "3", "--events", "50", "--cpu", "0.5", "--instructions", "0", "--out", out,
            ])
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(Self.sorts):12: CPU time limit exceeded (0.5 s)\nstack traceback:"))
            #expect(result.stderr.hasSuffix("`screens run \(Self.sorts) --cpu 0.5 --replay \(out)` plays it back\n"))
        }
    }

    @MainActor
    @Test func theCommandsThatRunAppsHaveTheDefaultLimits() throws {
        let defaults = ScriptHost.defaultLimits
        #expect(defaults.instructions == 200_000_000)
        #expect(defaults.cpuSeconds == 10)
        let parsed = try #require(try Run.parseAsRoot(["app"]) as? Run)
        #expect(AppRun(parsed).luaLimits == defaults)
        #expect(AppRun(app: "app").luaLimits == defaults)
        let repl = try #require(try Repl.parseAsRoot([]) as? Repl)
        #expect(repl.limits.luaLimits == defaults)
        let monkey = try #require(try MonkeyCommand.parseAsRoot(["app"]) as? MonkeyCommand)
        #expect(monkey.cpu == defaults.cpuSeconds)
        // 0 turns a limit off.
        let off = try #require(try Run.parseAsRoot(["app", "--instructions", "0", "--cpu", "0"]) as? Run)
        #expect(AppRun(off).luaLimits == LuaLimits())
    }

    @Test(arguments: [
        (["run", spins, "--cpu", "-1"], "Error: --cpu needs a number of seconds, 0 or more, got -1"),
        (["run", spins, "--cpu", "nan"], "Error: --cpu needs a number of seconds, 0 or more, got nan"),
        (["run", spins, "--cpu", "inf"], "Error: --cpu needs a number of seconds, 0 or more, got inf"),
        (["run", spins, "--instructions", "-5"], "Error: --instructions needs a number, 0 or more, got -5"),
        (["repl", "--cpu", "-0.5"], "Error: --cpu needs a number of seconds, 0 or more, got -0.5"),
        (["monkey", spins, "--cpu", "-inf"], "Error: --cpu needs a number of seconds, 0 or more, got -inf"),
    ])
    func badLimitsAreRefused(arguments: [String], message: String) throws {
        let result = try ScreensProgram.screens(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message))
    }
}
