import Foundation
import Testing
import LuaBridge
@testable import ScreenScript

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Attacks, as the author of a malicious plugin would write them: a plugin folder doing the
/// harmful thing, and the app judging what it got. Each group is a class of escape the
/// sandbox must close as a class (see docs/plugins.md, "What a plugin cannot do").
@MainActor
struct PluginAttackTests {
    let fixture: PluginFixture

    init() throws {
        fixture = try PluginFixture()
    }

    var data: String { fixture.folder + "/data" }

    /// Loads an app that requires plugin `t1` (whose main is `main`) into `report`, and
    /// returns the host; `report` is what the plugin's main returned.
    func attack(_ main: String, manifest: String = "", app: String = "", modules: ModuleRegistry = .builtins) throws -> ScriptHost {
        try fixture.plugin("t1", manifest, main: main)
        return try fixture.host(main: app + "\nreport = require('t1')", modules: modules)
    }

    func report(_ host: ScriptHost, _ key: String) throws -> String {
        try fixture.run(host, "return tostring(report[\"\(key)\"])").stringValue ?? "(none)"
    }

    // MARK: - 1. Host modules handed to plugins

    /// A host that registers more than the plugins' modules (as the test runner registers
    /// `test`) hands none of them to a plugin: not by require, not as globals.
    @Test func aPluginReachesNoHostModuleBeyondItsOwn() throws {
        let launched = Counter()
        let runner = ScriptModule(name: "test") { host in
            let table = host.lua.newTable()
            table.set("launch", host.lua.function { _ in launched.count += 1 })
            return .table(table)
        }
        let secret = ScriptModule(name: "hostsecret", isGlobal: false) { _ in .string("the host's") }
        let host = try attack("""
            local tried = {}
            local function try(name, f)
              local ok, value = pcall(f)
              if ok and value ~= nil then
                tried[#tried + 1] = name
                if type(value) == "table" and type(value.launch) == "function" then pcall(value.launch, "x") end
              end
            end
            try("require", function() return require("test") end)
            try("global", function() return test end)
            try("_G", function() return _G.test end)
            try("rawget", function() return rawget(_G, "test") end)
            try("loaded", function() return package.loaded.test end)
            try("secret", function() return require("hostsecret") end)
            try("coroutine", function() return coroutine.wrap(require)("test") end)
            try("pcall-require", function() local ok, v = pcall(require, "test") return ok and v or nil end)
            local ok, message = pcall(require, "test")
            return { reached = table.concat(tried, ","), message = message }
            """, modules: ModuleRegistry.builtins.adding(contentsOf: [runner, secret]))
        #expect(try report(host, "reached") == "")
        #expect(launched.count == 0)
        #expect(try report(host, "message").contains("module 'test' not found: plugin 't1'"))
        // The app itself still has them.
        #expect(try fixture.run(host, "return type(require('test').launch) .. require('hostsecret')") == .string("functionthe host's"))
    }

    /// The plugins' own modules need their permissions, and nothing else is a built-in.
    @Test func storeAndNotifyNeedTheirPermissionWhateverTheWay() throws {
        let host = try attack("""
            local got = {}
            for _, f in ipairs{
              function() return require("store") end, function() return store end,
              function() return require("notify") end, function() return notify end,
              function() return coroutine.wrap(function() return require("store") end)() end,
            } do
              local ok, value = pcall(f)
              if ok and value ~= nil then got[#got + 1] = tostring(value) end
            end
            return { got = #got }
            """)
        #expect(try report(host, "got") == "0")
    }

    // MARK: - 2. store.open reaches any file

    static let storeProbe = """
        local model = store.model{ Note = { text = "string" } }
        local function open(path)
          local ok, result = pcall(store.open, path, model)
          return ok and ("opened " .. tostring(result.path)) or tostring(result)
        end
        return { open = open, model = model }
        """

    @Test func aPluginsStoreStaysInTheDataDirectory() throws {
        try FileManager.default.createDirectory(atPath: fixture.folder + "/outside", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try fixture.link("data/out", to: fixture.folder + "/outside")
        let host = try attack(Self.storeProbe, manifest: "permissions = { \"store\" }")
        let attempts: [(String, String)] = [
            (fixture.folder + "/outside/authorized_keys", "is outside the app's data directory"),
            ("../outside/escape.sqlite", "'..' is not allowed"),
            ("sub/../../escape.sqlite", "'..' is not allowed"),
            ("out/through-link.sqlite", "is outside the app's data directory"),
            (data + "/out/through-link.sqlite", "is outside the app's data directory"),
            ("/proc/self/environ", "is outside the app's data directory"),
            ("nowhere/x.sqlite", "nowhere/x.sqlite: No such file or directory"),
            (data, "is not a regular file (a folder)"),
        ]
        for (path, refusal) in attempts {
            let message = try fixture.run(host, "return report.open(...)", path).stringValue ?? ""
            #expect(message.contains(refusal), "\(path): \(message)")
        }
        #expect(try fixture.run(host, "return report.open('a\\0b')").stringValue?.contains("a path cannot hold a NUL byte") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder + "/outside").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.folder + "/escape.sqlite"))
        // Inside, and in memory, it works.
        #expect(try fixture.run(host, "return report.open('notes.sqlite')").stringValue?.hasPrefix("opened ") == true)
        #expect(try fixture.run(host, "return report.open(':memory:')") == .string("opened :memory:"))
        #expect(FileManager.default.fileExists(atPath: data + "/notes.sqlite"))
    }

    /// Another app's store is another folder: outside, whatever the path says.
    @Test func aPluginCannotOpenAnotherAppsStore() throws {
        let other = try PluginFixture()
        let owner = try other.host(main: """
            local db = store.open(store.model{ Secret = { code = "string" } })
            db.context:insert("Secret", { code = "hunter2" })
            db.context:save()
            """)
        _ = owner
        let host = try attack(Self.storeProbe, manifest: "permissions = { \"store\" }")
        let message = try fixture.run(host, "return report.open(...)", other.folder + "/data/store.sqlite").stringValue ?? ""
        #expect(message.contains("is outside the app's data directory"), "\(message)")
        #expect(!message.contains("Secret") && !message.contains("code"))
    }

    /// A wrong model's refusal names the file and what differs in the plugin's model: the
    /// app's entities, attributes and counts stay unknown, so the model cannot be rebuilt.
    @Test func aRefusalTellsNothingOfTheAppsStore() throws {
        let host = try attack(Self.storeProbe, manifest: "permissions = { \"store\" }", app: """
            local model = store.model{
              Secret = { code = "string", owner = { type = "string", optional = true } },
              Note = { text = "string", pin = { type = "integer", optional = true } },
            }
            local db = store.open(model)
            for i = 1, 3 do db.context:insert("Secret", { code = "hunter" .. i, owner = "alice" }) end
            db.context:insert("Note", { text = "hello", pin = 1234 })
            db.context:save()
            """)
        let messages = try ["store.sqlite", data + "/store.sqlite"].map { path in
            try fixture.run(host, "return report.open(...)", path).stringValue ?? ""
        }
        for message in messages {
            #expect(message.contains("cannot migrate"), "\(message)")
            for leak in ["Secret", "code", "owner", "pin", "3 rows", "1 row", "hunter", "alice"] {
                #expect(!message.contains(leak), "leaks \(leak): \(message)")
            }
            #expect(message.contains("the file holds objects of entities this model does not have"), "\(message)")
            #expect(message.contains("Note: the file holds values this model does not have"), "\(message)")
        }
        // The app, the file's owner, is told in full.
        let own = fixture.error(host, "store.open(store.model{ Note = { text = 'string' } })")
        #expect(own.contains("Secret: entity removed, but its table holds 3 rows"), "\(own)")
    }

    /// A FIFO named like a store would stall SQLite's reads: not a regular file, refused.
    @Test func aPluginsStoreIsARegularFile() throws {
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        #expect(mkfifo(data + "/pipe.sqlite", 0o600) == 0)
        let host = try attack(Self.storeProbe, manifest: "permissions = { \"store\" }")
        let message = try fixture.run(host, "return report.open('pipe.sqlite')").stringValue ?? ""
        #expect(message.contains("pipe.sqlite is not a regular file (a FIFO)"), "\(message)")
    }

    // MARK: - 3. Files reached through links

    /// Links out of the plugin's folder, to a module, a folder or a file that is not Lua:
    /// nothing outside runs, and no text of it reaches the plugin through an error.
    @Test func requireFollowsNoLinkOutOfThePluginsFolder() throws {
        try fixture.write("outside/x.lua", "MARK = 'ran'\nreturn 'the outside file ran'\n")
        try fixture.write("secret.txt", "TOPSECRET password=hunter2\n")
        try fixture.link("plugins/t1/leak.lua", to: "../../outside/x.lua")
        try fixture.link("plugins/t1/appdir", to: "../..")
        try fixture.link("plugins/t1/secret.lua", to: fixture.folder + "/secret.txt")
        try fixture.link("plugins/t1/environ.lua", to: "/proc/self/environ")
        try fixture.link("plugins/t1/dangling.lua", to: fixture.folder + "/nothing-here.lua")
        try fixture.link("plugins/t1/rows.lua", to: "../../outside/x.lua")
        let host = try attack("""
            local results = {}
            for _, name in ipairs{ "leak", "appdir.main", "appdir.outside.x", "secret", "environ", "dangling", "t1.rows" } do
              local ok, message = pcall(require, name)
              results[#results + 1] = name .. "=" .. tostring(ok) .. ":" .. tostring(message)
            end
            return { results = table.concat(results, "\\n"), mark = tostring(MARK) }
            """, app: "APPSECRET = 'the app'")
        let results = try report(host, "results")
        for name in ["leak", "appdir.main", "appdir.outside.x", "secret", "environ", "dangling", "t1.rows"] {
            #expect(results.contains("\(name)=false:"), "\(name): \(results)")
        }
        #expect(results.contains("is outside the plugin's folder"), "\(results)")
        for leak in ["ran", "TOPSECRET", "hunter2", "APPSECRET", "PATH="] {
            #expect(!results.contains(leak), "leaks \(leak): \(results)")
        }
        #expect(try report(host, "mark") == "nil")
    }

    /// `main` through a link is refused like any module: the plugin fails, and says why.
    @Test func aMainThatLinksOutIsRefused() throws {
        try fixture.write("outside/x.lua", "return 'the outside file ran'")
        try fixture.plugin("t1", "main = \"entry\"", main: "return {}")
        try fixture.link("plugins/t1/entry.lua", to: "../../outside/x.lua")
        let message = fixture.error(try fixture.host(main: ""), "return require('t1')")
        #expect(message.contains("plugin 't1' failed"), "\(message)")
        #expect(message.contains("is outside the plugin's folder"), "\(message)")
        #expect(!message.contains("outside file ran"))
    }

    /// loadfile, dofile and io.open through links: refused, and the text never shows.
    @Test func loadfileDofileAndIOOpenFollowNoLinkOut() throws {
        try fixture.write("secret.txt", "TOPSECRET = 1 + \n")
        try fixture.link("plugins/t1/secret.lua", to: fixture.folder + "/secret.txt")
        try fixture.link("plugins/t1/up", to: "..")
        let host = try attack("""
            local results = {}
            for _, f in ipairs{
              function() return loadfile("secret.lua") end,
              function() return dofile("secret.lua") end,
              function() return io.open("secret.lua") end,
              function() return io.open("up/../secret.txt") end,
              function() for line in io.lines("secret.lua") do return line end end,
              function() return loadfile(plugin.folder .. "/secret.lua") end,
              function() return io.open("/proc/self/environ") end,
              function() return io.open("/proc/self/mem", "w") end,
              function() return io.open("/proc/self/cwd/secret.txt") end,
              function() return loadfile("/proc/self/cwd/secret.txt") end,
            } do
              local ok, value, message = pcall(f)
              results[#results + 1] = tostring(ok) .. ":" .. tostring(value) .. ":" .. tostring(message)
            end
            return { results = table.concat(results, "\\n") }
            """, manifest: "permissions = { \"files\" }")
        let results = try report(host, "results")
        #expect(!results.contains("TOPSECRET"), "\(results)")
        #expect(!results.contains("file ("), "a handle was opened: \(results)")
        for line in results.split(separator: "\n") {
            #expect(line.hasPrefix("false:") || line.hasPrefix("true:nil"), "\(line)")
        }
    }

    /// The manifest is read through the same gate: a link out is a manifest problem, and
    /// the reason another plugin is told never quotes the file it points to.
    @Test func aManifestThatLinksOutIsRefusedWithoutItsText() throws {
        try fixture.write("secret.txt", "-----BEGIN OPENSSH PRIVATE KEY----- TOPSECRET\n")
        try fixture.write("plugins/t2/init.lua", "return {}")
        try fixture.link("plugins/t2/plugin.lua", to: fixture.folder + "/secret.txt")
        let host = try fixture.host(main: "ok, message = pcall(require, 't2')")
        let message = try fixture.run(host, "return message").stringValue ?? ""
        #expect(message.contains("plugin 't2' was skipped") || message.contains("not found"), "\(message)")
        #expect(!message.contains("TOPSECRET") && !message.contains("OPENSSH"), "\(message)")
        let entry = try #require(PluginCatalog.scan(.init([.init(fixture.folder + "/plugins", origin: .app)])).entries
            .first { $0.folder.hasSuffix("t2") })
        guard case .failure(let error) = entry.manifest else {
            Issue.record("the manifest through a link was read")
            return
        }
        #expect("\(error)".contains("is outside the plugin's folder"), "\(error)")
        #expect(!"\(error)".contains("TOPSECRET"))
    }

    // MARK: - 4. Reads that block for ever

    /// FIFOs and devices named like modules, mains and files: each a clear error at once,
    /// never a read that waits for a writer.
    @Test func nothingAPluginReadsCanBlock() throws {
        let pipe = fixture.folder + "/plugins/t1/pipe.lua"
        try FileManager.default.createDirectory(atPath: fixture.folder + "/plugins/t1", withIntermediateDirectories: true)
        #expect(mkfifo(pipe, 0o600) == 0)
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        #expect(mkfifo(data + "/pipe.txt", 0o600) == 0)
        try fixture.link("plugins/t1/stdin.lua", to: "/dev/stdin")
        try fixture.link("plugins/t1/zero.lua", to: "/dev/zero")
        var results = ""
        let blocked = try FIFOWatchdog.run(watching: [pipe, data + "/pipe.txt"]) {
            let host = try attack("""
                local results = {}
                for _, f in ipairs{
                  function() return require("pipe") end,
                  function() return require("t1.pipe") end,
                  function() return loadfile("pipe.lua") end,
                  function() return dofile("pipe.lua") end,
                  function() return io.open("pipe.lua") end,
                  function() return io.open(plugin.dataDirectory() .. "/pipe.txt") end,
                  function() return io.open(plugin.dataDirectory() .. "/pipe.txt", "w") end,
                  function() return io.open(plugin.dataDirectory() .. "/pipe.txt", "a+") end,
                  function() return require("stdin") end,
                  function() return require("zero") end,
                } do
                  local ok, value = pcall(f)
                  results[#results + 1] = tostring(ok) .. ":" .. tostring(value)
                end
                return { results = table.concat(results, "\\n") }
                """, manifest: "permissions = { \"files\" }")
            results = try report(host, "results")
        }
        #expect(!blocked, "the host waited on a FIFO")
        for line in results.split(separator: "\n") { #expect(line.hasPrefix("false:"), "\(line)") }
        #expect(results.contains("pipe.lua is not a regular file (a FIFO)"), "\(results)")
        #expect(results.contains("pipe.txt is not a regular file (a FIFO)"), "\(results)")
    }

    @Test func aMainThatIsAFIFOFailsAtOnce() throws {
        try fixture.plugin("t1", "main = \"pipe\"", main: "return {}")
        let pipe = fixture.folder + "/plugins/t1/pipe.lua"
        #expect(mkfifo(pipe, 0o600) == 0)
        var message = ""
        let blocked = try FIFOWatchdog.run(watching: [pipe]) {
            message = fixture.error(try fixture.host(main: ""), "return require('t1')")
        }
        #expect(!blocked)
        #expect(message.contains("plugin 't1' failed") && message.contains("not a regular file (a FIFO)"), "\(message)")
    }

    /// A huge file (sparse, so the test writes nothing) is refused by its size, unread.
    @Test func aHugeModuleIsRefusedUnread() throws {
        try fixture.write("plugins/t1/huge.lua", "")
        #expect(truncate(fixture.folder + "/plugins/t1/huge.lua", 1 << 34) == 0)
        let host = try attack("""
            local ok, message = pcall(require, "huge")
            local ok2, message2 = pcall(loadfile, "huge.lua")
            return { message = message, loadfile = message2 }
            """)
        #expect(try report(host, "message").contains("huge.lua is larger than 8 MB"))
        #expect(try report(host, "loadfile").contains("huge.lua is larger than 8 MB"))
    }

    // MARK: - 5. A plugin shadowing the app's own module

    @Test func theAppsOwnModuleComesBeforeAPluginOfItsName() throws {
        try fixture.write("theme.lua", "return { who = 'app' }")
        try fixture.write("parts/init.lua", "return { who = 'app' }")
        try fixture.write("forms.lua", "return { who = 'app' }")
        try fixture.plugin("theme", main: "return { who = 'plugin' }")
        try fixture.plugin("parts", main: "return { who = 'plugin' }")
        let host = try fixture.host(main: """
            theme = require("theme") parts = require("parts") forms = require("forms")
            """)
        #expect(try fixture.run(host, "return theme.who .. ',' .. parts.who") == .string("app,app"))
        // A bundled plugin (forms) is no different.
        #expect(try fixture.run(host, "return forms.who") == .string("app"))
        // Without the app's file, the plugin is found.
        try FileManager.default.removeItem(atPath: fixture.folder + "/theme.lua")
        #expect(try fixture.run(host, "package.loaded.theme = nil return require('theme').who") == .string("plugin"))
    }

    // MARK: - 8. Leaks between plugin and app

    /// string.dump through every door: the string metatable, a method on a string, the copy
    /// getmetatable gives, another plugin's function with a secret constant in it.
    @Test func noPluginDumpsAFunction() throws {
        try fixture.plugin("t2", main: "return { secret = function() return 's3cr3t-constant' end }")
        let host = try attack("""
            local t2 = require("t2")
            local dumped = {}
            local doors = {
              function() return ("").dump(t2.secret) end,
              function() return ("x"):dump() end,
              function() return string.dump(t2.secret) end,
              function() return getmetatable("").__index.dump(t2.secret) end,
              function() local s = "" return s["dump"](t2.secret) end,
              function() return coroutine.wrap(function() return ("").dump(t2.secret) end)() end,
              function() return select(2, pcall(("").dump, t2.secret)) end,
            }
            for i, door in ipairs(doors) do
              local ok, value = pcall(door)
              if ok and type(value) == "string" and value:sub(1, 4) == "\\27Lua" then dumped[#dumped + 1] = i end
            end
            return { dumped = table.concat(dumped, ","), type = type(("").dump) }
            """, manifest: "requires = { t2 = \"*\" }")
        #expect(try report(host, "dumped") == "")
        #expect(try report(host, "type") == "nil")
        #expect(try fixture.run(host, "return ('').dump == nil and string.dump == nil") == .boolean(true))
    }

    /// A plugin's random numbers are its own: seeding them leaves the app's sequence as it
    /// was, and drawing them takes nothing from it.
    @Test func aPluginCannotFixOrReadTheAppsRandomNumbers() throws {
        let host = try attack("""
            return {
              seed = function(s) math.randomseed(s) end,
              draw = function(n) local t = {} for i = 1, n do t[i] = math.random(1, 1000000) end return table.concat(t, ",") end,
            }
            """)
        let alone = try fixture.run(host, """
            math.randomseed(7)
            local t = {} for i = 1, 5 do t[i] = math.random(1, 1000000) end return table.concat(t, ",")
            """)
        let withPlugin = try fixture.run(host, """
            math.randomseed(7)
            report.seed(4242) report.draw(10)
            local t = {} for i = 1, 5 do t[i] = math.random(1, 1000000) end return table.concat(t, ",")
            """)
        #expect(alone == withPlugin)
        // Seeded, the plugin's own numbers repeat; the app's seed does not decide them.
        let first = try fixture.run(host, "report.seed(4242) return report.draw(5)")
        let second = try fixture.run(host, "math.randomseed(4242) report.seed(4242) return report.draw(5)")
        #expect(first == second)
        let appDraws = try fixture.run(host, "math.randomseed(4242) local t = {} for i = 1, 5 do t[i] = math.random(1, 1000000) end return table.concat(t, ',')")
        #expect(appDraws == first, "a seed gives Lua's own sequence")
        #expect(try fixture.run(host, "report.seed(4242) math.randomseed(1) return report.draw(5)") == first)
    }

    /// What a plugin does to what it is handed of the shared metatables changes nothing.
    @Test func aPluginChangesNoSharedMetatable() throws {
        let host = try attack("""
            local shown = {}
            local function try(name, f) local ok, value = pcall(f) if ok and value ~= nil then shown[#shown + 1] = name end end
            pcall(function() getmetatable("").__index.upper = function() return "pwned" end end)
            pcall(function() getmetatable("").__add = function() return "pwned" end end)
            try("number", function() return getmetatable(1) end)
            try("function", function() return getmetatable(print) end)
            pcall(function() local mt = getmetatable(1) mt.__index = { pwned = true } end)
            pcall(function() local mt = getmetatable(print) mt.__index = nil end)
            pcall(function() local mt = getmetatable(ui.View:new{}) mt.__index = nil end)
            return { shown = table.concat(shown, ",") }
            """, app: "debug.setmetatable(1, { __index = math }) debug.setmetatable(print, { __index = {} })")
        #expect(try report(host, "shown") == "")
        #expect(try fixture.run(host, "return ('a'):upper() .. tostring(getmetatable(1).__index == math) .. tostring(getmetatable(print).__index ~= nil)")
            == .string("Atruetrue"))
        #expect(fixture.error(host, "return '1' + {}").contains("attempt to add a 'string' with a 'table'"))
        #expect(try fixture.run(host, "return tostring(ui.View:new{}.frame ~= nil)") == .string("true"))
    }

    // MARK: - Powers closed

    @Test func aPluginCannotQuitMakeWindowsOrHijackSegues() throws {
        let host = try attack("""
            local results = {}
            local Mine = ui.Controller:extend("Mine")
            for name, f in pairs{
              hostsError = function() ui.segue{ id = "bad", from = Mine, to = ui.Controller } end,
              quit = function() loop.quit() end,
              window = function() return ui.Window:new{ device = "iphone" } end,
              segue = function() ui.segue{ id = "show", from = ui.Controller, to = ui.Controller } end,
              segueTwice = function()
                local n = 0
                ui.segue(setmetatable({ id = "show", to = ui.Controller }, { __index = function(_, key)
                  if key == "from" then n = n + 1 return n == 1 and {} or ui.Controller end
                end }))
              end,
              listed = function() for k in pairs(ui) do if k == "Window" then return "listed" end end error("not listed") end,
            } do
              local ok, message = pcall(f)
              results[#results + 1] = name .. "=" .. tostring(ok) .. ":" .. tostring(message)
            end
            table.sort(results)
            ui.segue{ id = "mine", kind = "push", from = Mine, to = ui.Controller }
            return { results = table.concat(results, "\\n") }
            """)
        let results = try report(host, "results")
        #expect(results.contains("quit=false:") && results.contains("loop.quit is the app's"), "\(results)")
        #expect(results.contains("window=false:") && results.contains("ui.Window is the app's"), "\(results)")
        #expect(results.contains("segue=false:") && results.contains("not at ui.Controller"), "\(results)")
        #expect(results.contains("segueTwice=false:"), "\(results)")
        #expect(results.contains("listed=false:"), "\(results)")
        // The host's own refusals name the plugin's line.
        #expect(results.contains("hostsError=false:") && results.contains("/plugins/t1/init.lua:4: bad argument #1 to 'ui.segue' (custom segue 'bad' needs a perform function)"), "\(results)")
        #expect(!host.loop.isQuitRequested)
        // The app's own are untouched.
        #expect(try fixture.run(host, "return type(loop.quit) .. type(ui.Window)") == .string("functiontable"))
    }

    // MARK: - More of the same kinds

    /// Tampering with the plugin's own package tables reaches nothing of the app's.
    @Test func packageTamperingStaysInThePlugin() throws {
        let host = try attack("""
            package.loaded.ui = { pwned = true }
            package.loaded.string = { pwned = true }
            package.preload.helper = function() return { pwned = true } end
            package.searchers[1] = function() return function() return { pwned = true } end end
            table.insert(package.searchers, 1, function() return function() return { pwned = true } end end)
            package.path = "/tmp/?.lua"
            local ok = pcall(require, "helper")
            return { helper = ok }
            """, app: "")
        try fixture.write("helper.lua", "return { who = 'app' }")
        #expect(try report(host, "helper") == "false")
        #expect(try fixture.run(host, "return require('helper').who .. tostring(require('ui').pwned) .. tostring(string.pwned)") == .string("appnilnil"))
        #expect(try fixture.run(host, "return package.path:find('/tmp/?.lua', 1, true) == nil") == .boolean(true))
    }

    /// Binary chunks by every way load takes a chunk.
    @Test func noBinaryChunkLoadsWhateverTheWay() throws {
        let host = try attack("""
            local binary = "\\27LuaT\\0\\25\\147\\r\\n\\26\\n" .. ("x"):rep(40)
            local loaded = {}
            local parts = { binary:sub(1, 1), binary:sub(2) }
            for i, f in ipairs{
              function() return load(binary) end,
              function() return load(binary, "x", "b") end,
              function() return load(binary, "x", "bt", _ENV) end,
              function() return load(function() return table.remove(parts, 1) end, "x", "b") end,
              function() local once = binary return load(function() local c = once once = nil return c end) end,
            } do
              local ok, chunk = pcall(f)
              if ok and type(chunk) == "function" then loaded[#loaded + 1] = i end
            end
            return { loaded = table.concat(loaded, ",") }
            """)
        #expect(try report(host, "loaded") == "")
    }

    /// Forbidden calls stay forbidden inside coroutines, pcall, metamethods and callbacks the
    /// app runs later, and the plugin's globals stay its own there.
    @Test func callbacksThatRunLaterAreStillThePlugins() throws {
        let host = try attack("""
            local seen = {}
            local M = { seen = seen }
            local function probe(label)
              seen[#seen + 1] = label .. ":" .. tostring(pcall(function() return os.execute("true") end))
              seen[#seen + 1] = label .. ":" .. tostring(pcall(function() return io.popen("true") end))
              seen[#seen + 1] = label .. ":" .. tostring(pcall(function() return require("test") end))
              seen[#seen + 1] = label .. ":" .. tostring(SECRET)
            end
            loop.after(0, function() probe("timer") end)
            loop.defer(function() probe("deferred") end)
            M.object = setmetatable({}, { __index = function(_, key) probe("index") return nil end })
            M.Cell = ui.View:extend("AttackCell")
            function M.Cell:layoutSubviews() probe("override") end
            coroutine.wrap(function() probe("coroutine") end)()
            return M
            """, app: "SECRET = 'the app'")
        _ = try fixture.run(host, """
            local _ = report.object.anything
            local cell = report.Cell:new{ frame = { 0, 0, 10, 10 } }
            cell:setNeedsLayout() cell:layoutIfNeeded()
            """)
        host.runHeadless(for: 1)
        let seen = try fixture.run(host, "return table.concat(report.seen, ',')").stringValue ?? ""
        #expect(!seen.contains(":true"), "\(seen)")
        #expect(!seen.contains("the app"), "\(seen)")
        for label in ["timer", "deferred", "index", "override", "coroutine"] { #expect(seen.contains(label + ":"), "\(label): \(seen)") }
    }

    /// Error values a plugin raises are its own code: a hostile __tostring (one that loops,
    /// fails or yields) or __gc never stops the host from reporting the failure.
    @Test func hostileErrorValuesDoNotStopTheHost() throws {
        fixture.limits = LuaLimits(memory: 64 << 20, instructions: 2_000_000)
        for (index, raise) in [
            "error(setmetatable({}, { __tostring = function() while true do end end }))",
            "error(setmetatable({}, { __tostring = function() error('nested') end }))",
            "error(setmetatable({}, { __tostring = function() return {} end }))",
            "error(setmetatable({}, { __tostring = function() coroutine.yield() end }))",
            "error(setmetatable({}, { __gc = function() while true do end end }))",
            "error(setmetatable({}, { __index = function(t, k) return t[k] end }))",
        ].enumerated() {
            let name = "t\(index + 10)"
            try fixture.plugin(name, main: raise)
            let host = try fixture.host(main: "")
            let message = fixture.error(host, "return require('\(name)')")
            // Its main failed, or the budget stopped its error value's code: said either way.
            #expect(message.contains("plugin '\(name)' failed") || message.contains("instruction budget exhausted"), "\(raise): \(message)")
            host.lua.collectGarbage()
            #expect(try fixture.run(host, "return 1 + 1") == .integer(2))
        }
    }

    /// Deep recursion and huge allocations are errors of the plugin, never a crash.
    @Test func recursionAndAllocationsAreErrors() throws {
        fixture.limits = LuaLimits(memory: 64 << 20, instructions: 50_000_000)
        let host = try attack("""
            local results = {}
            for name, f in pairs{
              recursion = function() local function f() return 1 + f() end return f() end,
              cstack = function() local t = setmetatable({}, {}) getmetatable(t).__index = function(s, k) return s[k] end return t.x end,
              gsub = function() local function f(s) return (s:gsub(".", f)) end return f("ab") end,
              rep = function() return ("x"):rep(1 << 40) end,
              concat = function() local t = {} for i = 1, 1e7 do t[i] = ("x"):rep(100) end return #t end,
              tostringloop = function() return tostring(setmetatable({}, { __name = ("x"):rep(1e6) })) end,
            } do
              local ok, message = pcall(f)
              results[#results + 1] = name .. "=" .. tostring(ok)
            end
            table.sort(results)
            return { results = table.concat(results, ",") }
            """)
        let results = try report(host, "results")
        for name in ["concat", "cstack", "gsub", "recursion", "rep"] { #expect(results.contains("\(name)=false"), "\(results)") }
        #expect(try fixture.run(host, "return 2 + 2") == .integer(4))
    }

    /// NUL bytes and `..` in every path a plugin gives.
    @Test func nulBytesAndDotDotAreRefusedEverywhere() throws {
        try fixture.write("outside.lua", "return 'outside'")
        let host = try attack("""
            local results = {}
            for _, f in ipairs{
              function() return require("init\\0../../outside") end,
              function() return require("..outside") end,
              function() return require("../outside") end,
              function() return loadfile("init.lua\\0") end,
              function() return loadfile("../../outside.lua") end,
              function() return dofile("x/../../../outside.lua") end,
              function() return io.open("init.lua\\0.txt") end,
              function() return io.open(plugin.dataDirectory() .. "/../outside.lua") end,
              function() return io.open(plugin.dataDirectory() .. "/x/../../outside.lua", "w") end,
            } do
              local ok, value = pcall(f)
              results[#results + 1] = tostring(ok) .. ":" .. tostring(value)
            end
            return { results = table.concat(results, "\\n") }
            """, manifest: "permissions = { \"files\" }")
        let results = try report(host, "results")
        for line in results.split(separator: "\n") { #expect(line.hasPrefix("false:") || line == "true:nil", "\(line)") }
        #expect(!results.contains("'outside'"))
    }

    /// `files` opens the data directory, but not the store's files: those are the "store"
    /// permission's, whatever their name.
    @Test func filesDoesNotReachTheStoresFiles() throws {
        let host = try attack("""
            local results = {}
            local dir = plugin.dataDirectory()
            for _, name in ipairs{ "store.sqlite", "store.sqlite-wal", "store.sqlite-shm", "store.sqlite-journal", "renamed" } do
              for _, mode in ipairs{ "r", "r+", "a" } do
                local ok, value = pcall(io.open, dir .. "/" .. name, mode)
                results[#results + 1] = name .. "/" .. mode .. "=" .. tostring(ok and io.type(value))
              end
            end
            local mine = assert(io.open(dir .. "/notes.txt", "w")) mine:write("mine") mine:close()
            return { results = table.concat(results, "\\n") }
            """, manifest: "permissions = { \"files\" }", app: """
            local db = store.open(store.model{ Secret = { code = "string" } })
            db.context:insert("Secret", { code = "hunter2" }) db.context:save()
            local copy = io.open(db.path, "rb") local bytes = copy:read("a") copy:close()
            local out = io.open(db.path:gsub("store.sqlite$", "renamed"), "wb") out:write(bytes) out:close()
            """)
        let results = try report(host, "results")
        for line in results.split(separator: "\n") { #expect(line.hasSuffix("=false"), "\(line)") }
        #expect(try String(contentsOfFile: data + "/notes.txt", encoding: .utf8) == "mine")
    }
}

/// A count a test's module function bumps.
@MainActor
final class Counter {
    var count = 0
}

/// Opens FIFOs for writing whenever a reader waits on one, after a grace period: a host
/// that blocks reading a FIFO comes back (and the test fails, told so) instead of hanging
/// the whole suite.
enum FIFOWatchdog {
    /// Runs `body`, and returns whether a reader was found waiting on one of `paths`.
    @MainActor
    static func run(watching paths: [String], _ body: () throws -> Void) throws -> Bool {
        let state = WatchState()
        let thread = Thread {
            usleep(2_000_000)
            while !state.isDone {
                for path in paths {
                    // Without a reader this fails at once (ENXIO); with one, it lets it go.
                    let descriptor = open(path, O_WRONLY | O_NONBLOCK)
                    if descriptor >= 0 {
                        state.noteBlocked()
                        close(descriptor)
                    }
                }
                usleep(100_000)
            }
        }
        thread.start()
        defer { state.finish() }
        try body()
        return state.wasBlocked
    }

    nonisolated private final class WatchState: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        private var blocked = false
        var isDone: Bool { lock.withLock { done } }
        var wasBlocked: Bool { lock.withLock { blocked } }
        func finish() { lock.withLock { done = true } }
        func noteBlocked() { lock.withLock { blocked = true } }
    }
}
