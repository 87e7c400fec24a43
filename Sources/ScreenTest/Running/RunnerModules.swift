import Foundation
import LuaBridge
import ScreenScript

/// The runner's Lua modules, loaded from the target's resources.
enum RunnerModules {
    static let all: [ScriptModule] = [
        module("screentest.runner", file: "runner"),
        module("screentest.snapshot", file: "snapshot"),
        ChunkCache.module,
    ]

    /// Starts a suite for a file, puts its functions (`describe`, `it`, `assert`, ...) in
    /// the globals, and returns the steps the host drives. It takes the options table
    /// `runner.new` reads (file, filters, filters_out, tags, exclude_tags, seed, list,
    /// fail_fast, shard, arg, after, call), the host's hooks and the snapshot options.
    static let startSuite = """
        local options, hooks, snapshots = ...
        -- luassert and say come from the process's compiled chunks while the suite starts,
        -- asked first: the registry's searcher would read the plugin folders for a name it
        -- does not have. The file then finds the host's searchers.
        local searchers = package.searchers
        table.insert(searchers, 1, (require("screentest.chunks")))
        local suite = require("screentest.runner").new(options)
        table.remove(searchers, 1)
        suite:add_hooks(hooks)
        if suite.env.assert then
          require("screentest.snapshot").install(suite.env.assert, options.file, snapshots)
        end
        -- `test` is busted's alias of `it` and the host's module (test.advance, ...): the
        -- module, callable.
        local module = rawget(_G, "test")
        for name, value in pairs(suite.env) do _G[name] = value end
        if type(module) == "table" and getmetatable(module) == nil then
          local declare = suite.env.test
          setmetatable(module, { __call = function(_, ...) return declare(...) end })
          _G.test = module
        end
        -- Ending the process would end the run without its report or its failures.
        if os then
          os.exit = function()
            error("os.exit is not available in test files: it would end the run before its report", 2)
          end
        end
        return {
          collect = function(chunk) suite:collect(chunk) end,
          fail_file = function(message) suite:fail_file(message) end,
          run = function(reporter) suite:run(reporter) end,
        }
        """

    /// Compiles the modules' files into the process's chunks, those not kept already.
    static func compileAll(in lua: LuaState) {
        for file in ["runner", "snapshot"] where !ChunkCache.isKept(chunkName(file)) {
            _ = try? ChunkCache.compile(chunkName(file), in: lua, file: try path(file))
        }
    }

    private static func module(_ name: String, file: String) -> ScriptModule {
        ScriptModule(name: name, isGlobal: false) { host in
            // The file is read only when no bytecode was kept for it.
            let chunk = try ChunkCache.compile(chunkName(file), in: host.lua, file: try path(file))
            return try chunk.call(name, returning: LuaValue.self)
        }
    }

    private static func chunkName(_ file: String) -> String { "@screentest/\(file).lua" }

    /// The modules' files by name, each found in the resources once for all the files a
    /// process runs: finding a resource takes longer than running a small test file.
    private static var paths: [String: String] = [:]

    private static func path(_ file: String) throws(LuaError) -> String {
        if let path = paths[file] { return path }
        guard let url = besideProgram(file) ?? Bundle.module.url(forResource: file, withExtension: "lua", subdirectory: "Lua") else {
            throw LuaError(kind: .file, message: "the test runner's \(file).lua is missing from the resources")
        }
        paths[file] = url.path
        return url.path
    }

    /// The resource file where the build puts it and `make install` copies it, beside the
    /// program (its real path), found without `Bundle`: the first use of `Bundle.main` lists
    /// every file in the program's folder, and a build folder holds thousands — that listing
    /// was two thirds of a test worker's start. Nil where the file is not there (another
    /// platform's layout, tests run by another program): `Bundle.module` finds it then.
    private static func besideProgram(_ file: String) -> URL? {
        #if os(Linux)
        guard let program = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let url = URL(fileURLWithPath: program).deletingLastPathComponent()
            .appendingPathComponent("LuaScreens_ScreenTest.resources/Lua/\(file).lua")
        return FileManager.default.isReadableFile(atPath: url.path) ? url : nil
        #else
        return nil
        #endif
    }
}
