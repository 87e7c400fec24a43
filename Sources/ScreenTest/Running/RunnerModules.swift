import LuaBridge
import ScreenScript

/// The runner's Lua modules, loaded from the target's resources.
enum RunnerModules {
    /// The modules, compiled through `chunks`.
    static func all(chunks: ChunkCache) -> [ScriptModule] {
        [
            module("screentest.runner", file: "runner", chunks: chunks),
            module("screentest.snapshot", file: "snapshot", chunks: chunks),
            chunks.module,
        ]
    }

    /// What the runner does in a test file's state before the file's code runs:
    /// `start(options, hooks, snapshots)` starts a suite, `shadowed(path)` and
    /// `requireHelper(name)` (setup.lua).
    static let setup = LuaResourceChunk("setup.lua", name: "=screentest", in: .screenTest)

    /// Compiles the modules' files into the process's chunks, those not kept already.
    static func compileAll(in lua: LuaState, chunks: ChunkCache) {
        for file in ["runner", "snapshot"] where !chunks.isKept(chunkName(file)) {
            _ = try? chunks.compile(chunkName(file), in: lua, file: try path(file))
        }
    }

    private static func module(_ name: String, file: String, chunks: ChunkCache) -> ScriptModule {
        ScriptModule(name: name, isGlobal: false) { host in
            // The file is read only when no bytecode was kept for it.
            let chunk = try chunks.compile(chunkName(file), in: host.lua, file: try path(file))
            return try chunk.call(name, returning: LuaValue.self)
        }
    }

    private static func chunkName(_ file: String) -> String { "@screentest/\(file).lua" }

    /// The file a module's chunk (`@screentest/runner.lua`) is compiled from.
    static func sourcePath(ofChunk name: String) -> String? {
        guard name.hasPrefix("@screentest/"), name.hasSuffix(".lua") else { return nil }
        return try? path(String(name.dropFirst("@screentest/".count).dropLast(4)))
    }

    private static func path(_ file: String) throws(LuaError) -> String {
        try LuaResourceFolder.screenTest.path(of: "\(file).lua")
    }
}
