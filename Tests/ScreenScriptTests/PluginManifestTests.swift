import Foundation
import Testing
import Version
@testable import ScreenScript

/// A temporary folder of plugin folders, removed by `remove()`.
@MainActor
struct PluginFolders {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("plugins-\(UUID())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Writes `<root>/<path>/plugin.lua` with `manifest` and an empty `init.lua`; returns the plugin's folder.
    @discardableResult
    func plugin(_ path: String, _ manifest: String, files: [String: String] = ["init.lua": "return {}"]) throws -> String {
        let folder = root + "/" + path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try manifest.write(toFile: folder + "/plugin.lua", atomically: true, encoding: .utf8)
        for (name, text) in files {
            let file = folder + "/" + name
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// A manifest for `name` at `version`, with extra fields.
    static func manifest(_ name: String, _ version: String, _ extra: String = "") -> String {
        "return { name = \"\(name)\", version = \"\(version)\"\(extra.isEmpty ? "" : ", " + extra) }"
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

@MainActor
struct PluginManifestTests {
    @Test func aFullManifestIsRead() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        let folder = try folders.plugin("stacklayout", """
            return {
              name = "stacklayout", version = "1.2.0",
              host = ">=0.2 <1",
              requires = { geometry = "^1.0" },
              permissions = { "store", "notify" },
              main = "lib.core",
              description = "A diagonal stack of cards",
            }
            """, files: ["lib/core.lua": "return {}"])
        let manifest = try ManifestReader.read(folder: folder)
        #expect(manifest.name == "stacklayout")
        #expect(manifest.version == Version(1, 2, 0))
        #expect(manifest.host.text == ">=0.2 <1")
        #expect(manifest.requires["geometry"]?.text == "^1.0")
        #expect(manifest.sortedPermissions == [.store, .notify])
        #expect(manifest.main == "lib.core")
        #expect(manifest.mainFile == folder + "/lib/core.lua")
        #expect(manifest.description == "A diagonal stack of cards")
        #expect(manifest.folder == folder)
    }

    @Test func defaultsAreInitAnyHostNothingRequired() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        let folder = try folders.plugin("forms", PluginFolders.manifest("forms", "0.1.0"), files: ["init/init.lua": "return {}"])
        let manifest = try ManifestReader.read(folder: folder)
        #expect(manifest.main == "init")
        #expect(manifest.mainFile == folder + "/init/init.lua")
        #expect(manifest.host == .any)
        #expect(manifest.requires.isEmpty && manifest.permissions.isEmpty && manifest.description == nil)
    }

    /// Each bad manifest gives exactly this problem, naming the file and the key.
    nonisolated static let problems: [(String, String)] = [
        (#"return { name = "p", version = "1.2" }"#, #"version: "1.2" is not a semantic version (MAJOR.MINOR.PATCH)"#),
        (#"return { name = "p", version = 1 }"#, #"version: must be a string like "1.0.0", got the number 1"#),
        (#"return { name = "p" }"#, "version: is missing"),
        (#"return { version = "1.0.0" }"#, "name: is missing"),
        (#"return { name = "Forms", version = "1.0.0" }"#, #"name: "Forms" is not a module name (lowercase letters, digits and _, starting with a letter or _)"#),
        (#"return { name = "a.b", version = "1.0.0" }"#, #"name: "a.b" is not a module name (lowercase letters, digits and _, starting with a letter or _)"#),
        (#"return { name = "", version = "1.0.0" }"#, #"name: "" is not a module name: it is empty"#),
        (#"return { name = "ui", version = "1.0.0" }"#, #"name: "ui" is the name of a built-in module"#),
        (#"return { name = "string", version = "1.0.0" }"#, #"name: "string" is the name of a built-in module"#),
        (#"return { name = true, version = "1.0.0" }"#, "name: must be a string, got true"),
        (#"return { name = "p", version = "1.0.0", colour = "red" }"#, #"colour: is not a manifest key (they are name, version, host, requires, permissions, main, description)"#),
        (#"return { name = "p", version = "1.0.0", ["my key"] = 1 }"#, #""my key": is not a manifest key (they are name, version, host, requires, permissions, main, description)"#),
        (#"return { name = "p", version = "1.0.0", [1] = "x" }"#, "has the key 1; a manifest's keys are name, version, host, requires, permissions, main, description"),
        (#"return { name = "p", version = "1.0.0", host = ">=0.2 <" }"#, #"host: ">=0.2 <" is not a version range: it has '<' without a version after it"#),
        (#"return { name = "p", version = "1.0.0", host = 2 }"#, #"host: must be a version range string like ">=0.2 <1", got the number 2"#),
        (#"return { name = "p", version = "1.0.0", requires = { geometry = "^1.0.0.0" } }"#, #"requires.geometry: "^1.0.0.0" is not a version range: it has '1.0.0.0', which is not a version"#),
        (#"return { name = "p", version = "1.0.0", requires = { geometry = 1 } }"#, #"requires.geometry: must be a version range string like "^1.0", got the number 1"#),
        (#"return { name = "p", version = "1.0.0", requires = { "geometry" } }"#, #"requires: has the key 1; write { name = "range" }"#),
        (#"return { name = "p", version = "1.0.0", requires = { ["Geo-metry"] = "^1" } }"#, #"requires.Geo-metry: "Geo-metry" is not a module name (lowercase letters, digits and _, starting with a letter or _)"#),
        (#"return { name = "p", version = "1.0.0", requires = "geometry" }"#, #"requires: must be a table of name = range, got the string "geometry""#),
        (#"return { name = "p", version = "1.0.0", permissions = { "network" } }"#, #"permissions[1]: "network" is not a permission (they are "store", "notify", "files", "os")"#),
        (#"return { name = "p", version = "1.0.0", permissions = { "store", 3 } }"#, #"permissions[2]: must be a string, one of "store", "notify", "files", "os", got the number 3"#),
        (#"return { name = "p", version = "1.0.0", permissions = "store" }"#, #"permissions: must be a list like { "store" }, got the string "store""#),
        (#"return { name = "p", version = "1.0.0", permissions = { os = true } }"#, #"permissions: must be a list like { "store" }, has the key "os""#),
        (#"return { name = "p", version = "1.0.0", main = "missing" }"#, #"main: "missing": the plugin has neither missing.lua nor missing/init.lua"#),
        (#"return { name = "p", version = "1.0.0", main = "../escape" }"#, #"main: "../escape" is not a module name (like "init" or "lib.core")"#),
        (#"return { name = "p", version = "1.0.0", main = false }"#, #"main: must be a module name string like "init", got false"#),
        (#"return { name = "p", version = "1.0.0", description = {} }"#, "description: must be a string, got a table"),
        ("return 42", "must return a table (the manifest), returned number"),
        ("local x = 1", "must return a table (the manifest), returned nothing"),
        ("return {", "line 1: unexpected symbol near <eof>"),
    ]

    @Test(arguments: problems) func eachProblemNamesTheFileAndTheKey(manifest: String, problem: String) throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        let folder = try folders.plugin("p", manifest)
        let file = folder + "/plugin.lua"
        #expect(throws: ManifestError.self) { try ManifestReader.read(folder: folder) }
        do {
            _ = try ManifestReader.read(folder: folder)
        } catch {
            #expect(error.problems.map(\.description) == ["\(file): \(problem)"])
            #expect(error.folder == folder)
        }
    }

    @Test func everyProblemOfOneManifestIsListed() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        let folder = try folders.plugin("p", #"return { name = "p", version = "x", host = "?", permissions = { "net" } }"#)
        do {
            _ = try ManifestReader.read(folder: folder)
            Issue.record("read a bad manifest")
        } catch {
            #expect(error.problems.map(\.key) == ["version", "host", "permissions[1]"])
            #expect(error.name == "p")
        }
    }

    /// The manifest runs with nothing to call, and within a small budget and memory cap.
    @Test(arguments: [
        (#"return { name = ("x"):rep(1e9), version = "1.0.0" }"#, "attempt to index a string value"),
        (#"local t = {} for i = 1, 1e9 do t[i] = i end return t"#, "plugin.lua: line 1:"),
        (#"while true do end"#, "instruction"),
        (#"local s = "x" for i = 1, 40 do s = s .. s end return { name = s }"#, "not enough memory"),
        (#"return { name = print, version = "1.0.0" }"#, "name: is missing"),
        (#"os.execute("touch /tmp/pwned") return {}"#, "attempt to index a nil value"),
        (#"return { name = require("x"), version = "1.0.0" }"#, "attempt to call a nil value"),
        (#"return { name = string.rep("x", 10), version = "1.0.0" }"#, "attempt to index a nil value"),
        (#"return { name = getmetatable(""), version = "1.0.0" }"#, "attempt to call a nil value"),
        (#"return { name = _G, version = "1.0.0" }"#, "name: is missing"),
    ])
    func aManifestCanOnlyBuildItsTable(manifest: String, fragment: String) throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        let folder = try folders.plugin("p", manifest)
        do {
            _ = try ManifestReader.read(folder: folder)
            Issue.record("read a hostile manifest")
        } catch {
            #expect(error.problems.contains { $0.description.contains(fragment) }, "\(error.problems)")
            #expect(error.problems.allSatisfy { $0.file == folder + "/plugin.lua" })
        }
    }

    @Test func aHugeManifestIsNotRead() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        let folder = try folders.plugin("p", "return {}" + String(repeating: " ", count: 100_000))
        do {
            _ = try ManifestReader.read(folder: folder)
            Issue.record("read a huge manifest")
        } catch {
            #expect(error.problems.map(\.description) == ["\(folder)/plugin.lua: is larger than 64 KB; a manifest is a small table"])
        }
    }

    @Test func aManifestThatIsNotARegularFileIsNotRead() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        let fifo = try folders.plugin("fifo", "")
        try FileManager.default.removeItem(atPath: fifo + "/plugin.lua")
        #expect(mkfifo(fifo + "/plugin.lua", 0o600) == 0)
        let device = try folders.plugin("device", "")
        try FileManager.default.removeItem(atPath: device + "/plugin.lua")
        try FileManager.default.createSymbolicLink(atPath: device + "/plugin.lua", withDestinationPath: "/dev/zero")
        for (folder, problem) in [(fifo, "is not a regular file (a FIFO)"), (device, "is outside the plugin's folder (\(device))")] {
            do {
                _ = try ManifestReader.read(folder: folder)
                Issue.record("read \(folder)")
            } catch {
                #expect(error.problems.map(\.description) == ["\(folder)/plugin.lua: \(problem)"])
            }
        }
    }
}
