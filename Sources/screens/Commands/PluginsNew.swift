import ArgumentParser
import Foundation
import LuaBridge
import ScreenScript

/// `screens plugins new NAME`: a plugin skeleton that passes `check` and its own spec.
struct PluginsNew: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new plugin's skeleton.",
        discussion: """
            Writes DIR/NAME/ with plugin.lua (the manifest), init.lua (the module, with one \
            function), spec/NAME_spec.lua (a suite for `screens test` that requires the \
            plugin and tests that function) and library/NAME.lua (LuaCATS stubs for editors). \
            NAME is a lowercase Lua identifier. Nothing is overwritten: the command refuses \
            when DIR/NAME exists.
            """)

    @Argument(help: "The plugin's name, as `require` will find it (lowercase letters, digits and _).")
    var name: String

    @Option(name: .customLong("in"), help: ArgumentHelp("The folder to write the plugin's folder in (default: the current folder).", valueName: "DIR"), completion: .directory)
    var folder: String = "."

    func validate() throws {
        if let problem = MainActor.assumeIsolated({ PluginManifest.nameProblem(name) }) {
            throw ValidationError("\"\(name)\" \(problem)")
        }
    }

    func run() throws {
        let target = folder == "." ? name : (folder.hasSuffix("/") ? folder : folder + "/") + name
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: folder, isDirectory: &isFolder), !isFolder.boolValue {
            printError("screens: \(folder) is not a folder (nothing was written)")
            throw ExitCode(1)
        }
        if files.fileExists(atPath: target) {
            printError("screens: \(target) already exists (nothing was written); choose another name or --in folder")
            throw ExitCode(1)
        }
        let contents: [(String, String)]
        do {
            contents = try MainActor.assumeIsolated { try Self.skeleton(name) }
        } catch let error as LuaError {
            printError("screens: \(error.message) (nothing was written)")
            throw ExitCode(1)
        }
        do {
            for (path, text) in contents {
                let file = target + "/" + path
                try files.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: file, atomically: true, encoding: .utf8)
            }
        } catch {
            printError("screens: cannot write \(target): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        print("Wrote \(target)/:")
        for (path, _) in contents { print("  \(path)") }
        print("Check it with `screens plugins check \(target)` and test it with `screens test \(target)`.")
    }

    /// The skeleton's files, by path in the plugin's folder: the templates of Lua/skeleton,
    /// where `NAME` stands for the plugin's name and `HOST_RANGE` for the host versions it
    /// runs on.
    @MainActor
    static func skeleton(_ name: String) throws(LuaError) -> [(String, String)] {
        let host = LuaScreensVersion.current
        let hostRange = host.major == 0 ? ">=0.\(host.minor) <1" : "^\(host.major).\(host.minor)"
        var files: [(String, String)] = []
        for (path, template) in [
            ("plugin.lua", "plugin.lua"), ("init.lua", "init.lua"), ("spec/\(name)_spec.lua", "spec.lua"),
            ("library/\(name).lua", "library.lua"),
        ] {
            let text = String(decoding: try LuaResourceFolder.screens.contents(of: "skeleton/" + template), as: UTF8.self)
            files.append((path, text.replacingOccurrences(of: "HOST_RANGE", with: hostRange).replacingOccurrences(of: "NAME", with: name)))
        }
        return files
    }
}

extension LuaResourceFolder {
    /// The program's own Lua files (Sources/screens/Lua): the templates of `plugins new`.
    @MainActor static let screens = LuaResourceFolder(bundle: "LuaScreens_screens", elsewhere: Bundle.module.resourcePath)
}
