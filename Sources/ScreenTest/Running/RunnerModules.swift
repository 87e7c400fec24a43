import Foundation
import LuaBridge
import ScreenScript

/// The runner's Lua modules, loaded from the target's resources.
enum RunnerModules {
    static let all: [ScriptModule] = [
        module("screentest.runner", file: "runner"),
        module("screentest.assert", file: "assert"),
        module("screentest.spy", file: "spy"),
        module("screentest.snapshot", file: "snapshot"),
    ]

    /// Starts a suite for a file, puts its functions (`describe`, `it`, `assert`, ...) in
    /// the globals, and returns the steps the host drives.
    static let startSuite = """
        local file, filter, hooks, snapshots, after, call = ...
        local suite = require("screentest.runner").new{ file = file, filter = filter, after = after, call = call }
        suite:add_hooks(hooks)
        require("screentest.snapshot").install(suite.env.assert, file, snapshots)
        for name, value in pairs(suite.env) do _G[name] = value end
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

    private static func module(_ name: String, file: String) -> ScriptModule {
        ScriptModule(name: name, isGlobal: false) { host in
            guard let source = source(file) else {
                throw LuaError(kind: .file, message: "the test runner's \(file).lua is missing from the resources")
            }
            let chunk = try host.lua.load(source, name: "@screentest/\(file).lua")
            return try chunk.call(name, returning: LuaValue.self)
        }
    }

    /// The modules' sources by file, each read from the resources once for all the files a
    /// process runs: finding a resource takes longer than running a small test file.
    private static var sources: [String: String] = [:]

    private static func source(_ file: String) -> String? {
        if let source = sources[file] { return source }
        guard let url = Bundle.module.url(forResource: file, withExtension: "lua", subdirectory: "Lua"),
              let source = try? String(contentsOf: url, encoding: .utf8)
        else { return nil }
        sources[file] = source
        return source
    }
}
