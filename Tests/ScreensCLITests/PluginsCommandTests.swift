import Foundation
import Testing

/// `screens plugins list`, `check` and `new`, run in a temporary folder with plugins of
/// their own (the bundled ones replaced by a folder there).
struct PluginsCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("plugins-cli-\(UUID())")
        let plugins: [String: String] = [
            "app/plugins/forms": #"return { name = "forms", version = "1.0.0", permissions = { "notify", "store" } }"#,
            "extra/forms": #"return { name = "forms", version = "1.2.0", requires = { geometry = "^1" }, description = "Form screens" }"#,
            "extra/geometry": #"return { name = "geometry", version = "1.0.0" }"#,
            "bundled/geometry": #"return { name = "geometry", version = "2.0.0" }"#,
            "bundled/broken": #"return { name = "broken", version = "1.0", colour = 1 }"#,
            "bundled/future": #"return { name = "future", version = "1.0.0", host = ">=1", permissions = { "os" } }"#,
        ]
        for (path, manifest) in plugins {
            let plugin = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
            try manifest.write(to: plugin.appendingPathComponent("plugin.lua"), atomically: true, encoding: .utf8)
            try "return {}".write(to: plugin.appendingPathComponent("init.lua"), atomically: true, encoding: .utf8)
        }
        try "return {}".write(to: folder.appendingPathComponent("app/main.lua"), atomically: true, encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    func screens(_ arguments: [String], environment: [String: String] = [:]) throws -> ScreensProgram.Output {
        try ScreensProgram.screens(
            arguments, in: folder,
            environment: ["SCREENS_BUNDLED_PLUGINS": "bundled", "SCREENS_PLUGIN_PATH": ""].merging(environment) { $1 })
    }

    @Test func listShowsThePathAndWhatLoads() throws {
        defer { remove() }
        let result = try screens(["plugins", "list", "app", "--plugin-path", "extra", "--plugin-path", "nowhere"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            Plugin path (first first):
              app/plugins (app)
              extra (--plugin-path)
              nowhere (--plugin-path, does not exist)
              bundled (bundled)

            NAME      VERSION  FOLDER             FROM           PERMISSIONS   STATUS
            forms     1.0.0    app/plugins/forms  app            store,notify  not chosen: 1.0.0 < 1.2.0
            forms     1.2.0    extra/forms        --plugin-path  -             will load
            geometry  1.0.0    extra/geometry     --plugin-path  -             will load
            broken    ?        bundled/broken     bundled        -             invalid manifest: colour: is not a manifest key (they are name, version, host, requires, permissions, main, description); version: "1.0" is not a semantic version (MAJOR.MINOR.PATCH)
            future    1.0.0    bundled/future     bundled        os            skipped: needs LuaScreens >=1 (its host range), this is 0.2.0
            geometry  2.0.0    bundled/geometry   bundled        -             not chosen: forms 1.2.0 requires geometry ^1; 1.0.0 is chosen

            2 of 6 plugins will load.

            """)
    }

    @Test func listTakesTheEnvironmentsPathAfterTheOptions() throws {
        defer { remove() }
        let result = try screens(["plugins", "list", "app/main.lua"], environment: ["SCREENS_PLUGIN_PATH": "extra::"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("  app/plugins (app)\n  extra ($SCREENS_PLUGIN_PATH)\n  bundled (bundled)\n"))
        #expect(result.stdout.contains("forms     1.2.0    extra/forms        $SCREENS_PLUGIN_PATH  -             will load"))
    }

    @Test func listOfAnAppThatDoesNotExistFails() throws {
        defer { remove() }
        let result = try screens(["plugins", "list", "nothing"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("the app nothing does not exist"))
    }

    @Test func checkPrintsEachProblemAndFails() throws {
        defer { remove() }
        let result = try screens(["plugins", "check", "bundled", "extra"])
        #expect(result.status == 1)
        #expect(result.stdout == """
            bundled/broken/plugin.lua: colour: is not a manifest key (they are name, version, host, requires, permissions, main, description)
            bundled/broken/plugin.lua: version: "1.0" is not a semantic version (MAJOR.MINOR.PATCH)
            bundled/future/plugin.lua: needs LuaScreens >=1 (its host range), this is 0.2.0
            5 plugins checked: 3 problems.

            """)
    }

    @Test func checkResolvesAgainstTheBundledPlugins() throws {
        defer { remove() }
        let alone = try screens(["plugins", "check", "extra/forms"])
        #expect(alone.status == 1)
        #expect(alone.stdout == """
            extra/forms/plugin.lua: requires geometry ^1, but the versions found are 2.0.0
            1 plugin checked: 1 problem.

            """)
        let withPath = try screens(["plugins", "check", "extra/forms", "--plugin-path", "extra"])
        #expect(withPath.status == 0)
        #expect(withPath.stdout == "1 plugin checked: no problems.\n")
    }

    @Test func aFileWhereAFolderOfPluginsIsExpectedIsNamedAsSuch() throws {
        defer { remove() }
        let check = try screens(["plugins", "check", "app/main.lua"])
        #expect(check.status == 1)
        #expect(check.stdout == """
            app/main.lua: is a file, not a folder
            0 plugins checked: 1 problem.

            """)
        let list = try screens(["plugins", "list", "--plugin-path", "app/main.lua"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("  app/main.lua (--plugin-path, a file, not a folder)\n"), "\(list.stdout)")
    }

    @Test func checkOfAFolderWithoutPluginsFails() throws {
        defer { remove() }
        let result = try screens(["plugins", "check", "app", "missing"])
        #expect(result.status == 1)
        #expect(result.stdout == """
            missing: does not exist
            app: no plugins here (a plugin is a folder with plugin.lua)
            0 plugins checked: 2 problems.

            """)
    }

    @Test func newWritesASkeletonThatPassesCheckAndItsSpec() throws {
        defer { remove() }
        let made = try screens(["plugins", "new", "greeter", "--in", "mine"])
        #expect(made.status == 0)
        #expect(made.stdout == """
            Wrote mine/greeter/:
              plugin.lua
              init.lua
              spec/greeter_spec.lua
              library/greeter.lua
            Check it with `screens plugins check mine/greeter` and test it with `screens test mine/greeter`.

            """)
        let manifest = try String(contentsOf: folder.appendingPathComponent("mine/greeter/plugin.lua"), encoding: .utf8)
        #expect(manifest.contains(#"name = "greeter""#) && manifest.contains(#"host = ">=0.2 <1""#))
        let checked = try screens(["plugins", "check", "mine/greeter"])
        #expect(checked.stdout == "1 plugin checked: no problems.\n")
        #expect(checked.status == 0)
        let tested = try ScreensProgram.screens(["test", "greeter"], in: folder.appendingPathComponent("mine"))
        #expect(tested.status == 0)
        #expect(tested.stdout.contains("2 passed, 0 failed"))
    }

    @Test func newRefusesToOverwrite() throws {
        defer { remove() }
        let result = try screens(["plugins", "new", "geometry", "--in", "extra"])
        #expect(result.status == 1)
        #expect(result.stderr == "screens: extra/geometry already exists (nothing was written); choose another name or --in folder\n")
        let manifest = try String(contentsOf: folder.appendingPathComponent("extra/geometry/plugin.lua"), encoding: .utf8)
        #expect(manifest.contains(#"version = "1.0.0""#))
    }

    @Test(arguments: [
        ("Forms", #""Forms" is not a module name (lowercase letters, digits and _, starting with a letter or _)"#),
        ("my-plugin", #""my-plugin" is not a module name (lowercase letters, digits and _, starting with a letter or _)"#),
        ("ui", #""ui" is the name of a built-in module"#),
    ])
    func newRefusesABadName(name: String, message: String) throws {
        defer { remove() }
        let result = try screens(["plugins", "new", name])
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("Error: \(message)\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
    }
}
