import Foundation
import Testing

/// What the faster starts of `screens run` and `screens test` must not change: those lines
/// are parsed as a command of their own when nothing asks for the whole tree (see
/// Sources/screens/Screens.swift), and the first test worker is a fork of the command.
struct StartUpCommandTests {
    func screens(_ arguments: [String], in folder: URL = ScreensProgram.root) async throws -> ScreensProgram.Output {
        try await ScreensProgram.screensDetached(arguments, in: folder)
    }

    @Test("help is the same however it is asked for, and names the command under screens")
    func helpOfRunAndTest() async throws {
        for command in ["run", "test"] {
            let help = try await screens([command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("USAGE: screens \(command) "))
            for spelling in [["help", command], [command, "-h"], [command, "scripts/hello", "--help"]] {
                let other = try await screens(spelling)
                #expect(other.status == 0)
                #expect(other.stdout == help.stdout, "\(spelling)")
            }
        }
        // Busted's -v with -h: help too.
        let clustered = try await screens(["test", "-vh"])
        #expect(clustered.stdout.contains("USAGE: screens test "))
    }

    @Test("mistakes are told as the whole command line tells them, with its usage and status 64")
    func mistakes() async throws {
        let missing = try await screens(["run"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix(
            "Error: Missing expected argument '<app>'\nHelp:  <app>  The app folder or Lua file.\nUsage: screens run "))
        let device = try await screens(["run", "scripts/hello", "--device", "nope"])
        #expect(device.status == 64)
        #expect(device.stderr.hasPrefix("Error: The value 'nope' is invalid for '--device <device>'. Please provide one of 'iphone' and 'ipad'.\n"))
        let extra = try await screens(["run", "scripts/hello", "extra"])
        #expect(extra.status == 64)
        #expect(extra.stderr.hasPrefix("Error: Unexpected argument 'extra'\n"))
        let jobs = try await screens(["test", "--jobs", "0"])
        #expect(jobs.status == 64)
        #expect(jobs.stderr.hasPrefix("Error: --jobs must be at least 1, got 0\n"))
        let unknown = try await screens(["test", "--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("Error: Unknown option '--bogus'. Did you mean '--tags'?\nUsage: screens test [<options>]"))
    }

    @Test("the version, a completion script, and an app named help go where they always went")
    func wordsOfTheWholeTree() async throws {
        let version = try await screens(["run", "scripts/hello", "--version"])
        #expect(version.stdout == "0.2.0\n")
        let script = try await screens(["run", "--generate-completion-script", "bash"])
        #expect(script.status == 0)
        #expect(script.stdout.hasPrefix("#!/bin/bash"))
        let app = try await screens(["run", "help"])
        #expect(app.status == 1)
        #expect(app.stderr == "screens: the folder help does not exist\n")
    }

    @Test("the first worker, made before the command line is read, takes the run's folder and limits")
    func firstWorkerTakesTheRunsSettings() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let sub = folder.appendingPathComponent("sub")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            // Both folders have a luassert.lua, found as ./luassert.lua: the worker, which
            // starts in the first, must run the second's, which loads the system's.
            try "error('the starting folder\\'s luassert')\n"
                .write(to: folder.appendingPathComponent("luassert.lua"), atomically: true, encoding: .utf8)
            try """
                local absolute = {}
                for entry in package.path:gmatch("[^;]+") do
                  if entry:sub(1, 1) == "/" then absolute[#absolute + 1] = entry end
                end
                return dofile(assert(package.searchpath("luassert", table.concat(absolute, ";"))))
                """.write(to: sub.appendingPathComponent("luassert.lua"), atomically: true, encoding: .utf8)
            try """
                it("counts", function() assert.are.equal(2, 1 + 1) end)
                it("loops", function() while true do end end)
                """.write(to: sub.appendingPathComponent("loop_spec.lua"), atomically: true, encoding: .utf8)
            let result = try await screens(["test", "-C", "sub", "loop_spec.lua", "--instructions", "1000000"], in: folder)
            #expect(result.status == 1)
            #expect(result.stdout.contains("1 passed, 1 failed"))
            #expect(result.stdout.contains("instruction"))
        }
    }

    /// A file's state starts with luassert, say and term loaded (its worker's template): a
    /// project with a `say` of its own, beside its files or on `--lpath`, gets its own all
    /// the same, in the files run in forks (whose start the worker makes) as in the last.
    @Test(arguments: [("say.lua", [String]()), ("lib/say.lua", ["--lpath", "lib/?.lua"])])
    func aProjectsOwnPreloadedPackageIsTheOneItsFilesGet(say: String, options: [String]) async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("lib"), withIntermediateDirectories: true)
            // The system's say, marked: luassert needs say's functions.
            try """
                local absolute = {}
                for entry in package.path:gmatch("[^;]+") do
                  if entry:sub(1, 1) == "/" then absolute[#absolute + 1] = entry end
                end
                local say = dofile(assert(package.searchpath("say", table.concat(absolute, ";"))))
                say.mine = true
                return say
                """.write(to: folder.appendingPathComponent(say), atomically: true, encoding: .utf8)
            for index in 1...3 {
                try #"it("gets the project's say", function() assert.is_true(require("say").mine) end)"#
                    .write(to: folder.appendingPathComponent("f\(index)_spec.lua"), atomically: true, encoding: .utf8)
            }
            let result = try await screens(["test", "-j", "1", "."] + options, in: folder)
            #expect(result.stdout.hasSuffix("3 passed, 0 failed\n"), "\(result.stdout)")
        }
    }

    @Test("a file that ends the first worker fails, and the command goes on to report it")
    func crashOfTheFirstWorker() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            try """
                it("ends its worker", function() os.execute("kill -9 $PPID") end)
                it("runs after", function() end)
                """.write(to: folder.appendingPathComponent("crash_spec.lua"), atomically: true, encoding: .utf8)
            let result = try await screens(["test", "crash_spec.lua"], in: folder)
            #expect(result.status == 1)
            #expect(result.stdout.contains("killed by signal 9 (SIGKILL)"))
            #expect(result.stdout.hasSuffix("1 passed, 1 failed\n"))
        }
    }

    #if os(Linux)
    @Test("every worker, the later ones forked too, holds its own pipes and none of another's", arguments: [1, 2])
    func workersHoldOnlyTheirOwnDescriptors(jobs: Int) async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            // A file in a fork of its worker lists the worker's descriptors: its requests and
            // events (moved up from 0 and 3), its output (1 and 2) and standard input.
            let spec = """
                it("lists its worker's descriptors", function()
                  local stat = assert(io.open("/proc/self/stat")):read("l")
                  local worker = stat:match("^%d+ %b() %S+ (%d+)")
                  local list = assert(io.popen("ls /proc/" .. worker .. "/fd"))
                  local found = {}
                  for fd in list:read("a"):gmatch("%d+") do found[#found + 1] = tonumber(fd) end
                  list:close()
                  table.sort(found)
                  print("worker " .. worker .. ": " .. table.concat(found, " "))
                end)
                """
            for index in 1...8 {
                try spec.write(to: folder.appendingPathComponent("f\(index)_spec.lua"), atomically: true, encoding: .utf8)
            }
            // With two, the second is a copy the first makes of itself; with one, both close
            // the channels made for a second.
            let result = try await screens(["test", "-j", "\(jobs)", "--verbose", "."], in: folder)
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("worker ") }
            #expect(lines.count == 8)
            // Each worker runs its last file itself, whose parent is the command: the others
            // are forks, whose parent is their worker.
            let workers = lines.filter { $0.hasSuffix(": 0 1 2 10 11") }
            #expect(workers.count >= 6, "\(lines)")
            #expect(Set(workers.map { $0.split(separator: ":")[0] }).count == jobs, "\(lines)")
        }
    }

    /// The second worker is the first one copied once ready, not a worker that makes its own
    /// template: what the template holds is at the same address in both workers' forks. It
    /// is the command's child all the same, which waits for it as for the first (the copy is
    /// made through a fork that ends, and handed to the command). On a machine of one CPU
    /// the second is forked from the command instead.
    @Test(
        "the second worker is a copy of the first, ready, and a child of the command",
        .enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "one CPU: no channels are made for a copy"))
    func theSecondWorkerIsACopyOfTheFirst() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let spec = """
                it("says where the template's tables are", function()
                  local stat = assert(io.open("/proc/self/stat")):read("l")
                  local worker = stat:match("^%d+ %b() %S+ (%d+)")
                  local parent = assert(io.open("/proc/" .. worker .. "/stat")):read("l"):match("^%d+ %b() %S+ (%d+)")
                  print("worker " .. worker .. " of " .. parent .. ": " .. tostring(package.loaded) .. " " .. tostring(string))
                end)
                """
            for index in 1...6 {
                try spec.write(to: folder.appendingPathComponent("f\(index)_spec.lua"), atomically: true, encoding: .utf8)
            }
            let result = try await screens(["test", "-j", "2", "--verbose", "."], in: folder)
            #expect(result.status == 0)
            // (worker, its parent, the addresses) for each file.
            let seen = result.stdout.split(separator: "\n").filter { $0.hasPrefix("worker ") }.map { line in
                let words = line.split(separator: " ")
                return (worker: words[1], parent: words[3].dropLast(), addresses: words[4...].joined(separator: " "))
            }
            #expect(seen.count == 6)
            // The forks': their worker's parent is the command, which the workers' own last
            // files name as their worker.
            let forks = seen.filter { fork in seen.contains { $0.worker == fork.parent } }
            #expect(Set(forks.map(\.worker)).count == 2, "\(seen)")
            #expect(Set(forks.map(\.addresses)).count == 1, "\(seen)")
        }
    }

    /// The first worker gets ready on another CPU than the command's, which reads its command
    /// line meanwhile; once it has its setup, it and its forks (the copy too) run on every CPU
    /// the command may.
    @Test("the workers and their forks run on every CPU the command may")
    func workersRunOnEveryCPU() async throws {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let allowed = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        try await ScreensProgram.withTemporaryFolder { folder in
            for index in 1...4 {
                try """
                    it("says where it may run", function()
                      print((io.open("/proc/self/status"):read("a"):match("Cpus_allowed_list:[^\\n]*")))
                    end)
                    """.write(to: folder.appendingPathComponent("f\(index)_spec.lua"), atomically: true, encoding: .utf8)
            }
            let result = try await screens(["test", "-j", "2", "."], in: folder)
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("Cpus_allowed_list:") }
            #expect(lines.count == 4)
            #expect(lines.allSatisfy { $0 == allowed }, "\(lines) \(allowed)")
        }
    }

    @Test("the run ends without waiting for its workers, which then exit by themselves")
    func workersExitAfterTheRun() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            try """
                it("notes its process", function()
                  local stat = assert(io.open("/proc/self/stat")):read("l")
                  local out = assert(io.open("pid", "w"))
                  out:write((stat:match("^%d+")))
                  out:close()
                end)
                """.write(to: folder.appendingPathComponent("pid_spec.lua"), atomically: true, encoding: .utf8)
            let result = try await screens(["test", "pid_spec.lua"], in: folder)
            #expect(result.status == 0)
            let pid = try String(contentsOf: folder.appendingPathComponent("pid"), encoding: .utf8)
            #expect(Int(pid) != nil)
            // Running while /proc has it in any state but Z (ended, not yet reaped).
            func running() -> Bool {
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
                return !stat.contains(") Z ")
            }
            var waited = 0
            while running() && waited < 10_000 {
                try await Task.sleep(for: .milliseconds(10))
                waited += 10
            }
            #expect(!running(), "the worker \(pid) still runs 10 s after the run")
        }
    }
    #endif
}
