import Foundation
import LuaBridge
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import ScreenTest

/// `screens test` keeping compiled chunks from one run to the next in the user's cache
/// folder (see SavedChunks): what the first run writes, that a later run takes a saved
/// chunk while its file is unchanged and not after, and that a damaged file costs nothing
/// but the compiling.
struct SavedChunksCommandTests {
    /// A suite whose `term` module (which luassert asks for as the suite starts) comes from
    /// `src/` by an absolute path, and says where it came from: each run checks that its
    /// `origin` is the environment's `ORIGIN`.
    func writeSuite(in folder: URL, origin: String) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("src/term"), withIntermediateDirectories: true)
        try writeTerm(in: folder, origin: origin)
        try """
            it("has its term module", function()
              assert.are.equal(os.getenv("ORIGIN"), package.loaded.term.origin)
            end)
            """.write(to: folder.appendingPathComponent("origin_spec.lua"), atomically: true, encoding: .utf8)
    }

    func writeTerm(in folder: URL, origin: String) throws {
        try termSource(origin).write(to: folder.appendingPathComponent("src/term/init.lua"), atomically: false, encoding: .utf8)
    }

    func termSource(_ origin: String) -> String {
        "return { isatty = function() return false end, colors = {}, origin = \"\(origin)\" }\n"
    }

    func run(in folder: URL, origin: String, environment: [String: String] = [:]) async throws -> ScreensProgram.Output {
        try await ScreensProgram.screensDetached(
            ["test", "origin_spec.lua", "--lpath", folder.path + "/src/?.lua;" + folder.path + "/src/?/init.lua"],
            in: folder, environment: environment.merging(["XDG_CACHE_HOME": folder.path + "/cache", "ORIGIN": origin]) { $1 })
    }

    @MainActor
    func savedEntries(in folder: URL) throws -> [SavedChunks.Entry] {
        let key = try #require(SavedChunks.libraryKey(libraryFile: LuaState.libraryFile))
        let bytes = try #require(SavedChunks.read(from: folder.path + "/cache/luascreens/chunks"))
        return try #require(SavedChunks.decode(bytes, key: key))
    }

    /// Runs `body` with a folder holding the suite after a first run that passed and saved
    /// its chunks, and the path of the saved file.
    func withSavedSuite(_ body: (URL, String) async throws -> Void) async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            try writeSuite(in: folder, origin: "source")
            let first = try await run(in: folder, origin: "source")
            #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
            try await body(folder, folder.path + "/cache/luascreens/chunks")
        }
    }

    func inode(_ path: String) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }

    /// When the file at `path` was last written, in nanoseconds: a file removed and written
    /// again may get the same inode, never the same time.
    func written(_ path: String) -> Int64 {
        var info = stat()
        guard stat(path, &info) == 0 else { return -1 }
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    @Test("the first run saves luassert's, the runner's and the suite's compiled modules; the next takes them and writes nothing")
    func firstRunSaves() async throws {
        try await withSavedSuite { folder, file in
            let names = Set(try await savedEntries(in: folder).map(\.name))
            #expect(names.contains("@screentest/runner.lua"))
            #expect(names.contains { $0.hasSuffix("/luassert/init.lua") })
            #expect(names.contains("@" + folder.path + "/src/term/init.lua"))
            let written = try inode(file)
            let second = try await run(in: folder, origin: "source")
            #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
            #expect(try inode(file) == written)
        }
    }

    @Test("a saved chunk is taken while its file is unchanged, and compiled again once the file changes")
    func savedChunkFollowsItsFile() async throws {
        try await withSavedSuite { folder, file in
            // What a run would take for the file as it is: bytecode saying "saved".
            try await MainActor.run {
                let key = try #require(SavedChunks.libraryKey(libraryFile: LuaState.libraryFile))
                let lua = try LuaState(libraries: .all)
                let dumped = try lua.load("return string.dump(load(...))", name: "=dump")
                    .call(termSource("saved"), returning: LuaValue.self)
                guard case .string(let code) = dumped else { throw CancellationError() }
                var entries = try savedEntries(in: folder)
                let index = try #require(entries.firstIndex { $0.name == "@" + folder.path + "/src/term/init.lua" })
                entries[index].code = code.bytes
                #expect(SavedChunks.write(SavedChunks.encode(entries, key: key), to: file))
            }
            let saved = try await run(in: folder, origin: "saved")
            #expect(saved.status == 0, "\(saved.stdout)")
            try writeTerm(in: folder, origin: "edited")
            let edited = try await run(in: folder, origin: "edited")
            #expect(edited.status == 0, "\(edited.stdout)")
            #expect(try await savedEntries(in: folder).count > 3)
        }
    }

    @Test("a damaged or foreign saved file is compiled past and written anew")
    func damagedFile() async throws {
        try await withSavedSuite { folder, file in
            let whole = try Data(contentsOf: URL(fileURLWithPath: file))
            for damaged in [whole.prefix(whole.count / 2), Data(count: 4096), Data("LuaScreens chunks 1\n".utf8) + Data(repeating: 0xFF, count: 64)] {
                try damaged.write(to: URL(fileURLWithPath: file))
                let result = try await run(in: folder, origin: "source")
                #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
                #expect(try await savedEntries(in: folder).count > 3)
            }
        }
    }

    @Test("a worker that ends by a fault has the saved file removed, so that bytecode that crashes Lua costs one worker")
    func faultRemovesTheFile() async throws {
        try await withSavedSuite { folder, file in
            let saved = written(file)
            try """
                it("crashes its worker", function() os.execute("kill -SEGV $PPID") end)
                it("runs on another", function() end)
                """.write(to: folder.appendingPathComponent("origin_spec.lua"), atomically: true, encoding: .utf8)
            // Swift's backtracer would take a SIGSEGV sent by `kill` and let the worker go on.
            let crashed = try await run(in: folder, origin: "source", environment: ["SWIFT_BACKTRACE": "enable=no"])
            #expect(crashed.status == 1)
            #expect(crashed.stdout.contains("SIGSEGV"))
            // Removed, and written anew by the worker that took the rest of the file over
            // (which would have taken the saved chunks as they were otherwise).
            #expect(written(file) != saved)
        }
    }
}
