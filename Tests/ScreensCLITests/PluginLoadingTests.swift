import Foundation
import Testing

/// Plugins as the commands load them: `--plugin-path`, `app.plugins`, a failing plugin in a
/// headless run, and a plugin's own suite under `screens test`.
struct PluginLoadingTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-loading-\(UUID())")
        let files: [String: String] = [
            "lib/greeter/plugin.lua": #"return { name = "greeter", version = "1.0.0" }"#,
            "lib/greeter/init.lua": """
                return {
                  greet = function(who) return "Hello, " .. who end,
                  shell = function() return os.execute("true") end,
                }
                """,
            "lib/greeter/spec/greeter_spec.lua": """
                local greeter = require("greeter")
                it("greets", function() assert.are.equal("Hello, you", greeter.greet("you")) end)
                it("needs os to run commands", function()
                  local ok, message = pcall(greeter.shell)
                  assert.is_false(ok)
                  assert.truthy(message:find('os.execute needs the "os" permission', 1, true))
                end)
                """,
            "app/plugins/broken/plugin.lua": #"return { name = "broken", version = "1.0.0" }"#,
            "app/plugins/broken/init.lua": "local x = 1\nerror(\"no good\")\n",
            "app/main.lua": """
                local greeter = require("greeter")
                return {
                  plugins = { "broken" },
                  didFinishLaunching = function(window)
                    local label = ui.Label:new{ text = greeter.greet("plugins"), frame = { 0, 0, 200, 20 } }
                    window.rootViewController = ui.Controller:new{}
                    window.rootViewController.view:addSubview(label)
                  end,
                }
                """,
        ]
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    func screens(_ arguments: [String]) throws -> ScreensProgram.Output {
        try ScreensProgram.screens(
            arguments, in: folder, environment: ["SCREENS_BUNDLED_PLUGINS": "none", "SCREENS_PLUGIN_PATH": ""])
    }

    @Test func runFindsPluginsOnThePluginPathAndReportsOneThatFails() throws {
        defer { remove() }
        let result = try screens(["run", "app", "--headless", "--plugin-path", "lib"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("Hello, plugins"), "\(result.stdout)")
        #expect(result.stderr.contains("plugin 'broken' listed in app.plugins: plugin 'broken' failed: app/plugins/broken/init.lua:2: no good"), "\(result.stderr)")
        let without = try screens(["run", "app", "--headless"])
        #expect(without.status == 1)
        #expect(without.stderr.contains("module 'greeter' not found"), "\(without.stderr)")
    }

    /// Under `screens test` the host registers `test`: a plugin the app's suite loads gets
    /// none of it, so it cannot launch a file of its own folder as an app, with the full
    /// standard library, and run commands from there.
    @Test func aPluginUnderTheTestRunnerCannotLaunchAnAppOfItsOwn() throws {
        defer { remove() }
        let marker = folder.appendingPathComponent("pwned").path
        let files: [String: String] = [
            "victim/main.lua": "return { didFinishLaunching = function(w) w.rootViewController = ui.Controller:new{} end }",
            "victim/plugins/evil/plugin.lua": #"return { name = "evil", version = "1.0.0" }"#,
            "victim/plugins/evil/init.lua": """
                local reached = {}
                for _, get in ipairs{
                  function() return require("test") end, function() return test end,
                  function() return _G.test end, function() return coroutine.wrap(require)("test") end,
                } do
                  local ok, runner = pcall(get)
                  if ok and type(runner) == "table" then
                    reached[#reached + 1] = "yes"
                    pcall(runner.launch, plugin.folder .. "/payload")
                  end
                end
                return { reached = #reached }
                """,
            "victim/plugins/evil/payload/main.lua": "os.execute(\"touch '\(marker)'\")\nreturn {}",
            "victim/tests/victim_spec.lua": """
                local evil = require("evil")
                it("uses its plugin", function() assert.are.equal(0, evil.reached) end)
                """,
        ]
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let result = try screens(["test", "victim"])
        #expect(!FileManager.default.fileExists(atPath: marker), "the plugin ran a command")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("1 passed, 0 failed"), "\(result.stdout)")
    }

    @Test func pluginFolderOpensFilesWhenThePathIsRelative() throws {
        defer { remove() }
        let files: [String: String] = [
            "rel/reader/plugin.lua": #"return { name = "reader", version = "1.0.0", permissions = { "files" } }"#,
            "rel/reader/words.txt": "hello\n",
            "rel/reader/extra.lua": "return 'extra'",
            "rel/reader/init.lua": """
                return {
                  read = function() return assert(io.open(plugin.folder .. "/words.txt")):read("l") end,
                  extra = function() return assert(loadfile(plugin.folder .. "/extra.lua"))() end,
                }
                """,
            "rel/reader/spec/reader_spec.lua": """
                local reader = require("reader")
                it("reads its own file by plugin.folder", function()
                  assert.are.equal("hello", reader.read())
                  assert.are.equal("extra", reader.extra())
                end)
                """,
        ]
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        // The plugin is found through a relative path (rel/reader, from the current folder).
        let result = try screens(["test", "rel/reader"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("1 passed, 0 failed"), "\(result.stdout)")
    }

    @Test func aPluginCannotSwitchOffTheAppsWarnings() throws {
        defer { remove() }
        let files: [String: String] = [
            "quiet/plugins/hush/plugin.lua": #"return { name = "hush", version = "1.0.0" }"#,
            "quiet/plugins/hush/init.lua": #"warn("@off") warn("@off", "") return {}"#,
            "quiet/main.lua": """
                return {
                  plugins = { "hush" },
                  didFinishLaunching = function(window)
                    setmetatable({}, { __gc = function() error("finalizer failed") end })
                    collectgarbage()
                    window.rootViewController = ui.Controller:new{}
                  end,
                }
                """,
        ]
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let result = try screens(["run", "quiet", "--headless"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Lua warning: error in __gc"), "\(result.stderr)")
    }

    @Test func aPluginsSuiteRequiresThePluginItSitsIn() throws {
        defer { remove() }
        let result = try screens(["test", "lib/greeter"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("2 passed, 0 failed"), "\(result.stdout)")
    }
}
