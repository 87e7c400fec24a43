import Foundation
import EventLoop
import LuaBridge
@testable import ScreenScript

/// An app in a temporary folder with plugins in its `plugins/`, for the loader and sandbox
/// tests. Plugin names start with `t` and a number, so that no bundled plugin answers them.
@MainActor
final class PluginFixture {
    let folder: String
    var errors: [String] = []
    var limits = LuaLimits.none

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("plugins-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder + "/plugins", withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Makes a symbolic link at `path` inside the app's folder to `destination`.
    func link(_ path: String, to destination: String) throws {
        let full = folder + "/" + path
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: destination)
    }

    /// Writes `text` to `path` inside the app's folder, making the folders it needs.
    func write(_ path: String, _ text: String) throws {
        let full = folder + "/" + path
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    /// A plugin in `plugins/NAME`: its manifest (with `extra` fields in Lua) and its `init.lua`.
    func plugin(_ name: String, _ extra: String = "", main: String) throws {
        try write("plugins/\(name)/plugin.lua", "return { name = \"\(name)\", version = \"1.0.0\", \(extra) }\n")
        try write("plugins/\(name)/init.lua", main)
    }

    /// A host with the app's `main.lua` loaded (launched when it returns an app table).
    func host(main: String, dataDirectory: String? = nil, modules: ModuleRegistry = .builtins) throws -> ScriptHost {
        try write("main.lua", main)
        let host = try ScriptHost(loop: EventLoop(clock: .virtual), modules: modules, limits: limits)
        host.dataDirectory = dataDirectory ?? folder + "/data"
        host.errorReporter = { [unowned self] error, context in errors.append("\(context): \(error.message)") }
        try host.loadApp(at: folder)
        return host
    }

    /// Loads the app, expecting it to fail, and returns the error's message.
    func loadError(main: String) throws -> String {
        do {
            _ = try host(main: main)
            return "(no error)"
        } catch let error as LuaError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    /// Runs `code` in the app's state (its globals) and returns its first result.
    func run(_ host: ScriptHost, _ code: String) throws -> LuaValue {
        try host.lua.run(code, name: "=test").first ?? .nil
    }

    /// Runs `code` with `argument` as `...` and returns its first result.
    func run(_ host: ScriptHost, _ code: String, _ argument: String) throws -> LuaValue {
        try host.lua.load(code, name: "=test").callReturningAll(argument).first ?? .nil
    }

    /// Runs `code` in the app's state, expecting an error, and returns its message.
    func error(_ host: ScriptHost, _ code: String) -> String {
        do {
            _ = try host.lua.run(code, name: "=test")
            return "(no error)"
        } catch {
            return error.message
        }
    }
}
