import Foundation
import Testing
import Version
@testable import ScreenScript

@MainActor
struct PluginResolutionTests {
    typealias Folder = PluginCatalog.SearchPath.Folder

    /// The status of each plugin folder, by its path below the temporary root.
    func statuses(_ resolution: PluginResolution, _ folders: PluginFolders) -> [String: String] {
        var result: [String: String] = [:]
        for item in resolution.items {
            let path = String(item.entry.folder.dropFirst(folders.root.count + 1))
            switch item.status {
            case .willLoad: result[path] = "will load"
            case .notChosen(let reason): result[path] = reason
            case .skipped(let reason): result[path] = "skipped: " + reason
            case .invalid(let error): result[path] = "invalid: " + error.problems.map { $0.key ?? "" }.joined(separator: ",")
            }
        }
        return result
    }

    func resolve(_ folders: PluginFolders, _ paths: [String] = ["a"], host: Version = LuaScreensVersion.current) -> PluginResolution {
        PluginCatalog.scan(.init(paths.map { Folder(folders.root + "/" + $0, origin: .option) })).resolve(host: host)
    }

    @Test func theHighestVersionThatSatisfiesEveryRangeIsChosen() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        try folders.plugin("a/geometry-1", PluginFolders.manifest("geometry", "1.0.0"))
        try folders.plugin("a/geometry-1.4", PluginFolders.manifest("geometry", "1.4.0"))
        try folders.plugin("a/geometry-2", PluginFolders.manifest("geometry", "2.0.0"))
        try folders.plugin("a/cards", PluginFolders.manifest("cards", "1.0.0", #"requires = { geometry = "^1.2" }"#))
        let resolution = resolve(folders)
        #expect(statuses(resolution, folders) == [
            "a/cards": "will load",
            "a/geometry-1": "not chosen: 1.0.0 < 1.4.0",
            "a/geometry-1.4": "will load",
            "a/geometry-2": "not chosen: cards 1.0.0 requires geometry ^1.2; 1.4.0 is chosen",
        ])
        #expect(resolution.chosen["geometry"]?.folder == folders.root + "/a/geometry-1.4")
        #expect(resolution.loadOrder.map(\.name) == ["geometry", "cards"])
        #expect(resolution.problems.isEmpty)
    }

    @Test func aChoiceThatChangesWhatLoadsIsFollowed() throws {
        // forms 2.0 requires widgets ^2, which is not there: forms 1.0 loads instead, and its
        // range for geometry (~1.1) then decides geometry's version.
        let folders = try PluginFolders()
        defer { folders.remove() }
        try folders.plugin("a/forms-2", PluginFolders.manifest("forms", "2.0.0", #"requires = { widgets = "^2", geometry = "*" }"#))
        try folders.plugin("a/forms-1", PluginFolders.manifest("forms", "1.0.0", #"requires = { geometry = "~1.1" }"#))
        try folders.plugin("a/geometry-1.1", PluginFolders.manifest("geometry", "1.1.5"))
        try folders.plugin("a/geometry-1.2", PluginFolders.manifest("geometry", "1.2.0"))
        let resolution = resolve(folders)
        #expect(statuses(resolution, folders) == [
            "a/forms-2": "skipped: requires widgets, which is not on the plugin path",
            "a/forms-1": "will load",
            "a/geometry-1.1": "will load",
            "a/geometry-1.2": "not chosen: forms 1.0.0 requires geometry ~1.1; 1.1.5 is chosen",
        ])
    }

    @Test func theSearchPathOrderBreaksTiesAndHigherVersionsWinAnywhere() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        try folders.plugin("app/plugins/forms", PluginFolders.manifest("forms", "1.0.0"))
        try folders.plugin("option/forms", PluginFolders.manifest("forms", "1.0.0"))
        try folders.plugin("env/forms", PluginFolders.manifest("forms", "1.1.0"))
        try folders.plugin("bundled/forms", PluginFolders.manifest("forms", "0.9.0"))
        try folders.plugin("bundled/stacklayout", PluginFolders.manifest("stacklayout", "1.0.0"))
        try folders.plugin("app/plugins/stacklayout", PluginFolders.manifest("stacklayout", "1.0.0"))
        let path = PluginCatalog.SearchPath.standard(
            appFolder: folders.root + "/app", pluginPaths: [folders.root + "/option/"],
            environment: ["SCREENS_PLUGIN_PATH": "::\(folders.root)/env:"], bundled: folders.root + "/bundled")
        #expect(path.folders.map(\.origin) == [.app, .option, .environment, .bundled])
        #expect(path.folders[1].path == folders.root + "/option")
        let resolution = PluginCatalog.scan(path).resolve()
        #expect(statuses(resolution, folders) == [
            "app/plugins/forms": "not chosen: 1.0.0 < 1.1.0",
            "app/plugins/stacklayout": "will load",
            "option/forms": "the same version is in \(folders.root)/app/plugins/forms, which comes first on the plugin path",
            "env/forms": "will load",
            "bundled/forms": "not chosen: 0.9.0 < 1.1.0",
            "bundled/stacklayout": "the same version is in \(folders.root)/app/plugins/stacklayout, which comes first on the plugin path",
        ])
        #expect(resolution.items.map(\.entry.source.origin) == [.app, .app, .option, .environment, .bundled, .bundled])
    }

    @Test func theBundledFolderCanBeNamedByTheEnvironment() {
        #expect(PluginCatalog.SearchPath.bundledFolder(environment: ["SCREENS_BUNDLED_PLUGINS": "/opt/p"]) == "/opt/p")
        // Built from this tree, the program finds the tree's plugins/.
        let found = PluginCatalog.SearchPath.bundledFolder(environment: [:])
        #expect(found?.hasSuffix("/plugins") == true)
    }

    @Test func aMissingDependencySkipsThePluginAndWhatRequiresIt() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        try folders.plugin("a/forms", PluginFolders.manifest("forms", "1.0.0", #"requires = { widgets = "^1" }"#))
        try folders.plugin("a/wizard", PluginFolders.manifest("wizard", "1.0.0", #"requires = { forms = "*" }"#))
        try folders.plugin("a/deep", PluginFolders.manifest("deep", "1.0.0", #"requires = { wizard = "*" }"#))
        try folders.plugin("a/other", PluginFolders.manifest("other", "1.0.0"))
        let resolution = resolve(folders)
        #expect(statuses(resolution, folders) == [
            "a/forms": "skipped: requires widgets, which is not on the plugin path",
            "a/wizard": "skipped: requires forms, which was skipped: requires widgets, which is not on the plugin path",
            "a/deep": "skipped: requires wizard, which was skipped: it needs forms 1.0.0, which requires widgets, which is not on the plugin path",
            "a/other": "will load",
        ])
        #expect(resolution.problems.first == "\(folders.root)/a/deep/plugin.lua: requires wizard, which was skipped: it needs forms 1.0.0, which requires widgets, which is not on the plugin path")
        #expect(resolution.chosen.keys.sorted() == ["other"])
        #expect(resolution.reasonNotLoaded("nothing") == "no plugin named nothing is on the plugin path")
        #expect(resolution.reasonNotLoaded("wizard") == "requires forms, which was skipped: requires widgets, which is not on the plugin path")
        #expect(resolution.reasonNotLoaded("other") == nil)
    }

    @Test func aCycleIsNamed() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        try folders.plugin("a/alpha", PluginFolders.manifest("alpha", "1.0.0", #"requires = { beta = "*" }"#))
        try folders.plugin("a/beta", PluginFolders.manifest("beta", "1.0.0", #"requires = { gamma = "*" }"#))
        try folders.plugin("a/gamma", PluginFolders.manifest("gamma", "1.0.0", #"requires = { alpha = "*" }"#))
        try folders.plugin("a/user", PluginFolders.manifest("user", "1.0.0", #"requires = { beta = "*" }"#))
        try folders.plugin("a/selfish", PluginFolders.manifest("selfish", "1.0.0", #"requires = { selfish = "*" }"#))
        let resolution = resolve(folders)
        #expect(statuses(resolution, folders) == [
            "a/alpha": "skipped: is on a requires cycle: alpha → beta → gamma → alpha",
            "a/beta": "skipped: is on a requires cycle: alpha → beta → gamma → alpha",
            "a/gamma": "skipped: is on a requires cycle: alpha → beta → gamma → alpha",
            "a/user": "skipped: requires beta, which was skipped: is on a requires cycle: alpha → beta → gamma → alpha",
            "a/selfish": "skipped: is on a requires cycle: selfish → selfish",
        ])
    }

    @Test func aRangeNoVersionMeetsNamesWhoWantsWhat() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        try folders.plugin("a/geometry-1", PluginFolders.manifest("geometry", "1.0.0"))
        try folders.plugin("a/geometry-2", PluginFolders.manifest("geometry", "2.1.0"))
        try folders.plugin("a/cards", PluginFolders.manifest("cards", "1.0.0", #"requires = { geometry = "^3" }"#))
        try folders.plugin("a/old", PluginFolders.manifest("old", "1.0.0", #"requires = { geometry = "^1" }"#))
        try folders.plugin("a/new", PluginFolders.manifest("new", "1.0.0", #"requires = { geometry = "^2" }"#))
        let resolution = resolve(folders)
        #expect(statuses(resolution, folders) == [
            "a/geometry-1": "not chosen: 1.0.0 < 2.1.0",
            "a/geometry-2": "will load",
            "a/cards": "skipped: requires geometry ^3, but the versions found are 1.0.0, 2.1.0",
            "a/new": "skipped: requires geometry ^2, but old 1.0.0 requires ^1, and no version of geometry satisfies them all (found 1.0.0, 2.1.0)",
            "a/old": "skipped: requires geometry ^1, but new 1.0.0 requires ^2, and no version of geometry satisfies them all (found 1.0.0, 2.1.0)",
        ])
    }

    @Test func aHostRangeThatExcludesThisVersionSkips() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        try folders.plugin("a/future", PluginFolders.manifest("future", "1.0.0", #"host = ">=1""#))
        try folders.plugin("a/user", PluginFolders.manifest("user", "1.0.0", #"requires = { future = "*" }"#))
        try folders.plugin("a/forms-2", PluginFolders.manifest("forms", "2.0.0", #"host = "^0.3""#))
        try folders.plugin("a/forms-1", PluginFolders.manifest("forms", "1.0.0", #"host = "^0.2""#))
        let resolution = resolve(folders, host: Version(0, 2, 7))
        #expect(statuses(resolution, folders) == [
            "a/future": "skipped: needs LuaScreens >=1 (its host range), this is 0.2.7",
            "a/user": "skipped: requires future, which was skipped: it needs LuaScreens >=1 (its host range), this is 0.2.7",
            "a/forms-2": "skipped: needs LuaScreens ^0.3 (its host range), this is 0.2.7",
            "a/forms-1": "will load",
        ])
        #expect(resolution.reasonNotLoaded("future") == "needs LuaScreens >=1 (its host range), this is 0.2.7")
    }

    @Test func aBadManifestIsListedAndWhatRequiresItSkipped() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        try folders.plugin("a/broken", #"return { name = "broken", version = "one" }"#)
        try folders.plugin("a/user", PluginFolders.manifest("user", "1.0.0", #"requires = { broken = "*" }"#))
        let resolution = resolve(folders)
        #expect(statuses(resolution, folders) == [
            "a/broken": "invalid: version",
            "a/user": "skipped: requires broken, whose manifest has errors (\(folders.root)/a/broken/plugin.lua)",
        ])
        #expect(resolution.problems.first == "\(folders.root)/a/broken/plugin.lua: version: \"one\" is not a semantic version (MAJOR.MINOR.PATCH)")
        #expect(resolution.reasonNotLoaded("broken") == "its manifest has errors: \(folders.root)/a/broken/plugin.lua: version: \"one\" is not a semantic version (MAJOR.MINOR.PATCH)")
    }

    @Test func aFolderOnThePathMayBeOnePluginAndMissingNamedFoldersAreNoted() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        try folders.plugin("single", PluginFolders.manifest("single", "1.0.0"))
        let catalog = PluginCatalog.scan(.init([
            Folder(folders.root + "/single", origin: .option), Folder(folders.root + "/nowhere", origin: .option),
            Folder(folders.root + "/single", origin: .environment), Folder(folders.root + "/nowhere", origin: .app),
        ]))
        #expect(catalog.entries.map(\.folder) == [folders.root + "/single"])
        #expect(catalog.missingFolders == [Folder(folders.root + "/nowhere", origin: .option)])
    }

    /// Many versions that each exclude the others' dependencies: the rounds stay bounded.
    @Test func hostileTanglesStayBounded() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        for major in 1...12 {
            try folders.plugin("a/x\(major)", PluginFolders.manifest("x", "\(major).0.0", #"requires = { y = "^\#(major)" }"#))
            try folders.plugin("a/y\(major)", PluginFolders.manifest("y", "\(major).0.0", #"requires = { x = "<\#(major)" }"#))
        }
        for index in 0..<60 {
            try folders.plugin("a/chain\(index)", PluginFolders.manifest("chain\(index)", "1.0.0", #"requires = { chain\#(index + 1) = "*", x = "*" }"#))
        }
        let resolution = resolve(folders)
        #expect(resolution.items.count == 84)
        // Deterministic: the same answer twice.
        let again = resolve(folders)
        #expect(statuses(resolution, folders) == statuses(again, folders))
        #expect(resolution.chosen["chain0"] == nil)
    }

    @Test func requiresNestedTooDeepAreSkippedNotRecursedInto() throws {
        let folders = try PluginFolders()
        defer { folders.remove() }
        for index in 0..<300 {
            let name = "c" + String(format: "%03d", index)
            let next = "c" + String(format: "%03d", index + 1)
            try folders.plugin("a/\(name)", PluginFolders.manifest(name, "1.0.0", index < 299 ? #"requires = { \#(next) = "*" }"# : ""))
        }
        let resolution = resolve(folders)
        let statuses = statuses(resolution, folders)
        #expect(statuses["a/c256"] == "skipped: is more than 256 plugins deep in a chain of requires")
        #expect(statuses["a/c000"] == "skipped: requires c001, which was skipped: it needs c256 1.0.0, which is more than 256 plugins deep in a chain of requires")
        #expect(statuses["a/c257"] == "will load")
        #expect(resolution.loadOrder.count == 43)
    }
}
