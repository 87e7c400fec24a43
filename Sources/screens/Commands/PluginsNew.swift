import ArgumentParser
import Foundation
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
        let contents = Self.skeleton(name)
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

    /// The skeleton's files, by path in the plugin's folder.
    static func skeleton(_ name: String) -> [(String, String)] {
        let host = LuaScreensVersion.current
        let hostRange = host.major == 0 ? ">=0.\(host.minor) <1" : "^\(host.major).\(host.minor)"
        return [
            ("plugin.lua", """
                return {
                  name = "\(name)",
                  version = "0.1.0",
                  host = "\(hostRange)",
                  requires = {},
                  permissions = {},
                  main = "init",
                  description = "What \(name) does, in one line",
                }

                """),
            ("init.lua", """
                --- \(name): what it does.
                local \(name) = {}

                --- A greeting for `who`.
                --- @param who string
                --- @return string
                function \(name).greet(who)
                  if type(who) ~= "string" then
                    error("bad argument #1 to 'greet' (string expected, got " .. type(who) .. ")", 2)
                  end
                  return "Hello, " .. who .. "!"
                end

                return \(name)

                """),
            ("spec/\(name)_spec.lua", """
                local \(name) = require("\(name)")

                describe("\(name)", function()
                  it("greets", function()
                    assert.are.equal("Hello, you!", \(name).greet("you"))
                  end)

                  it("wants a string", function()
                    assert.has_error(function() \(name).greet(42) end, "bad argument #1 to 'greet' (string expected, got number)")
                  end)
                end)

                """),
            ("library/\(name).lua", """
                --- @meta \(name)
                -- LuaCATS stubs of the \(name) plugin, for editors: add this folder to the
                -- Lua language server's workspace.library.

                --- @class \(name)
                local \(name) = {}

                --- A greeting for `who`.
                --- @param who string
                --- @return string
                function \(name).greet(who) end

                return \(name)

                """),
        ]
    }
}
