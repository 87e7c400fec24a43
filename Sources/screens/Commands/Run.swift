import ArgumentParser
import Foundation
import LuaBridge
import ScreenScript

/// `screens run APP`: runs an app (a folder with main.lua, or a Lua file), then its loop
/// until a script calls `loop.quit()` or nothing is left to do.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a Lua app: a folder with main.lua, or a single Lua file.")

    @Argument(help: "The app folder or Lua file.", completion: .file(extensions: ["lua"]))
    var app: String

    @OptionGroup var limits: LimitOptions

    func run() throws {
        let status = MainActor.assumeIsolated { () -> Int32 in
            do {
                let host = try ScriptHost(limits: limits.luaLimits)
                try host.loadApp(at: app)
                host.run()
                return 0
            } catch {
                printError("screens: \(error)")
                return 1
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// Limits shared by the commands that run scripts.
struct LimitOptions: ParsableArguments {
    @Option(help: "Instructions one call into Lua may run before it is stopped (0: no limit).")
    var instructions: Int = 0

    @Option(help: "Megabytes the scripts may allocate (0: no limit).")
    var memory: Int = 0

    var luaLimits: LuaLimits {
        LuaLimits(memory: memory > 0 ? memory << 20 : nil, instructions: instructions > 0 ? instructions : nil)
    }
}

/// Writes a line to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
}
