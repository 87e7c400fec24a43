import Foundation
import Testing

/// `screens monkey APP`: random input, the errors it finds, and the recordings it writes.
struct MonkeyCommandTests {
    static let buggy = "Tests/ScreensCLITests/Scripts/buggy.lua"

    func monkey(_ arguments: [String], in directory: URL = ScreensProgram.root) async throws -> ScreensProgram.Output {
        try await ScreensProgram.screensDetached(["monkey"] + arguments, in: directory)
    }

    @Test func aButtonWhoseActionFailsIsFoundAndItsRecordingReplaysToTheSameError() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("found.rec").path
            let result = try await monkey([Self.buggy, "--seed", "1", "--events", "200", "--out", out])
            #expect(result.status == 1)
            #expect(result.stdout == "screens monkey: \(Self.buggy), seed 1, 200 events\n")
            let message = "action for touchUpInside added at \(Self.buggy):19: \(Self.buggy):5: attempt to index a nil value (local 'entries')"
            let recording = try String(contentsOfFile: out, encoding: .utf8)
            let lines = recording.split(separator: "\n")
            #expect(lines.prefix(4) == ["# luascreens recording 1", "# app buggy", "# device iphone portrait", "# random-seed 1"])
            #expect(result.stderr.hasPrefix("""
                screens monkey: a script error after event \(lines.count - 4) of 200 (seed 1)
                  \(lines.count - 4): \(lines.last ?? "")
                error in \(message)
                stack traceback:
                """))
            #expect(result.stderr.hasSuffix("screens monkey: wrote \(out); `screens run \(Self.buggy) --replay \(out)` plays it back\n"))

            let replay = try await ScreensProgram.screensDetached(["run", Self.buggy, "--replay", out])
            #expect(replay.status == 1)
            #expect(replay.stderr.hasSuffix("screens: 1 script error was reported during the run:\n  \(message)\n"))
        }
    }

    @Test func theSameSeedGivesTheSameEventsAndResult() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            var outputs: [String] = []
            var recordings: [String] = []
            for run in 1...2 {
                let out = folder.appendingPathComponent("run\(run).rec").path
                let result = try await monkey([Self.buggy, "--seed", "12345", "--events", "300", "--out", out])
                outputs.append(result.stderr.replacingOccurrences(of: out, with: "OUT"))
                recordings.append(try String(contentsOfFile: out, encoding: .utf8))
            }
            #expect(outputs[0] == outputs[1])
            #expect(recordings[0] == recordings[1])
            let other = folder.appendingPathComponent("other.rec").path
            _ = try await monkey([Self.buggy, "--seed", "54321", "--events", "300", "--out", other])
            #expect(try String(contentsOfFile: other, encoding: .utf8) != recordings[0])
        }
    }

    @Test func anAppWithoutErrorsPassesWithASummary() async throws {
        let result = try await monkey(["scripts/containers", "--seed", "3", "--events", "100"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "screens monkey: scripts/containers, seed 3, 100 events")
        #expect(lines.last?.hasPrefix("screens monkey: 100 events in ") == true)
        #expect(lines.last?.contains(" s of virtual time, no script errors; screens seen (") == true)
    }

    @Test func withoutASeedARandomOneIsPrintedAndTheRecordingIsNamedAfterIt() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let app = ScreensProgram.root.appendingPathComponent(Self.buggy).path
            let result = try await monkey([app, "--events", "400"], in: folder)
            let seed = try #require(result.stdout.split(separator: "\n").first?.split(separator: " ").dropFirst(4).first)
            #expect(UInt64(seed.dropLast()) != nil)
            #expect(result.status == 1)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("monkey-buggy-\(seed.dropLast()).rec").path))
        }
    }

    @Test func aCrashIsReportedWithTheSeedAndEventAndItsEventsWritten() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("crash.rec").path
            let app = "Tests/ScreensCLITests/Scripts/crashes.lua"
            let result = try await monkey([app, "--seed", "3", "--events", "50", "--out", out])
            #expect(result.status == 1)
            let recording = try String(contentsOfFile: out, encoding: .utf8)
            let events = recording.split(separator: "\n").count - 4
            #expect(events > 0)
            #expect(result.stderr.hasPrefix("screens monkey: the app crashed (signal 9, Killed) at event \(events) of 50 (seed 3)\n"))
            #expect(result.stderr.hasSuffix("screens monkey: wrote \(out); `screens run \(app) --replay \(out)` plays it back\n"))
        }
    }

    @Test func anAppThatEndsTheProcessIsReported() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("exit.rec").path
            let result = try await monkey(["Tests/ScreensCLITests/Scripts/exits.lua", "--seed", "3", "--events", "50", "--out", out])
            #expect(result.status == 1)
            let events = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").count - 4
            #expect(result.stderr.hasPrefix("screens monkey: the app ended the process (exit status 3) at event \(events) of 50 (seed 3)\n"))
        }
    }

    @Test func anAppStuckInsideACFunctionIsStoppedAfterTheStallLimit() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("stuck.rec").path
            let result = try await monkey([
                "Tests/ScreensCLITests/Scripts/stuck.lua", "--seed", "3", "--events", "50", "--stall-limit", "1", "--out", out,
            ])
            #expect(result.status == 1)
            let events = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").count - 4
            #expect(result.stderr.hasPrefix("""
                screens monkey: the app was stuck for 1 s (inside one call of a C function, where no limit can stop it) \
                at event \(events) of 50 (seed 3)

                """))
        }
    }

    @Test func aCallbackThatNeverEndsIsStoppedByTheInstructionBudget() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("loop.rec").path
            let app = "Tests/ScreensCLITests/Scripts/loops.lua"
            let result = try await monkey([app, "--seed", "3", "--events", "50", "--instructions", "1000000", "--out", out])
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(app):9: instruction budget exhausted (1000000 instructions)\nstack traceback:"))
            #expect(result.stderr.hasSuffix("`screens run \(app) --instructions 1000000 --replay \(out)` plays it back\n"))
        }
    }

    @Test func anAppThatFailsToLaunchIsAnError() async throws {
        let result = try await monkey(["Tests/ScreensCLITests/Scripts/notanapp.lua", "--seed", "1"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("screens monkey: the app failed to launch (seed 1): "))
    }

    @Test(arguments: [
        (["--events=-1"], "Error: --events needs a number of events, 0 or more, got -1"),
        // A negative number is the option's value, not an option of its own.
        (["--events", "-1"], "Error: --events needs a number of events, 0 or more, got -1"),
        (["--seed", "-1"], "Error: The value '-1' is invalid for '--seed <seed>'"),
        (["--instructions", "-1"], "Error: --instructions needs a number, 0 or more, got -1"),
        (["--seed", "abc"], "Error: The value 'abc' is invalid for '--seed <seed>'"),
        (["--device", "watch"], "Error: The value 'watch' is invalid for '--device <device>'. Please provide one of 'iphone' and 'ipad'."),
        (["--orientation", "up"], "Error: The value 'up' is invalid for '--orientation <orientation>'. Please provide one of 'portrait' and 'landscape'."),
        (["--out", ""], "Error: --out needs a file name"),
        (["--stall-limit", "0"], "Error: --stall-limit needs a number of seconds, more than 0"),
    ])
    func badArgumentsAreErrors(arguments: [String], message: String) async throws {
        let result = try await monkey([Self.buggy] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message))
    }
}
