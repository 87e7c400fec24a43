import Foundation
import LuaBridge
import Testing
@testable import ScreenTest

/// What a worker does before its first file (see TestWorker.warmUp): a host made ahead,
/// and the chunks compiled in a fork and handed over as bytes.
@MainActor
struct WarmUpTests {
    func write(_ text: String, to name: String, in folder: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func withFolder<T>(_ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warm-up-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    @Test("a host prepared ahead runs the next file when the limits are the defaults, and only that one")
    func preparedHostRunsTheNextFile() throws {
        try withFolder { folder in
            let file = try write("it('adds', function() assert.are.equal(2, 1 + 1) end)\n", to: "a_spec.lua", in: folder)
            let runner = TestRunner(options: .init(paths: [file]))
            runner.output = { _ in }
            runner.prepared = TestRunner.prepare(chunks: runner.chunks)
            #expect(runner.prepared != nil)
            let (summary, _) = try runner.run()
            #expect(summary.line == "1 passed, 0 failed")
            #expect(runner.prepared == nil)
        }
    }

    @Test("a run with an instruction limit does not take a host prepared without one")
    func preparedHostIsLeftForOtherLimits() throws {
        try withFolder { folder in
            let file = try write("it('loops', function() while true do end end)\n", to: "loop_spec.lua", in: folder)
            var options = TestRunner.Options(paths: [file])
            options.instructionBudget = 100_000
            let runner = TestRunner(options: options)
            runner.output = { _ in }
            runner.prepared = TestRunner.prepare(chunks: runner.chunks)
            let (summary, results) = try runner.run()
            #expect(summary.line == "0 passed, 1 failed")
            #expect(results.first?.failure?.message.contains("instruction") == true)
        }
    }

    @Test("the chunks go through bytes whole; bytes cut short or damaged keep nothing")
    func serializedChunks() throws {
        let cache = ChunkCache()
        cache.warmUpRunner(in: try LuaState(libraries: .all))
        cache.warmUpLuassert()
        let bytes = cache.serialized()
        #expect(cache.keptNames.contains("@screentest/runner.lua"))
        #expect(cache.keptNames.contains { $0.hasSuffix("/luassert/init.lua") })
        #expect(SavedChunks.decode(bytes, key: "").map { Set($0.map(\.name)) } == cache.keptNames)
        // Keeping what is already kept changes nothing; cut or damaged bytes keep nothing.
        let before = cache.keptNames
        cache.keep(serialized: bytes)
        cache.keep(serialized: Array(bytes.prefix(bytes.count / 2)))
        cache.keep(serialized: [1, 2, 3])
        #expect(cache.keptNames == before)
    }
}
