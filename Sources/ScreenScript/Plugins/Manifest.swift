import Foundation
import Version

/// What a plugin may reach beyond `ui` and `loop`, as its manifest's `permissions` lists it.
public enum PluginPermission: String, CaseIterable, Sendable, Comparable {
    /// The `store` module.
    case store
    /// The `notify` module.
    case notify
    /// `io.open` inside the plugin's folder (read) and the app's data directory.
    case files
    /// `os.execute`, `io.popen`, `os.getenv`, `os.remove`, `os.rename`.
    case os

    public static func < (lhs: PluginPermission, rhs: PluginPermission) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A plugin's `plugin.lua`, read and checked.
///
/// ```lua
/// return {
///   name = "stacklayout", version = "1.2.0",
///   host = ">=0.2 <1",
///   requires = { geometry = "^1.0" },
///   permissions = { "store" },
///   main = "init",
///   description = "A diagonal stack of cards as a collection view layout",
/// }
/// ```
public struct PluginManifest: Equatable, Sendable {
    /// The name `require` finds the plugin by.
    public var name: String
    public var version: Version
    /// The LuaScreens versions the plugin works with (`*` when the manifest has no `host`).
    public var host: VersionRange
    /// Other plugins it needs, by name, with the versions it accepts.
    public var requires: [String: VersionRange]
    public var permissions: Set<PluginPermission>
    /// The module that `require(name)` runs, in the plugin's folder: `init` is `init.lua`
    /// (or `init/init.lua`), `lib.core` is `lib/core.lua`.
    public var main: String
    public var description: String?
    /// The plugin's folder as found on the search path (`plugins/forms`).
    public var folder: String

    /// The manifest's path, as messages name it.
    public var file: String { Self.file(in: folder) }

    /// The file that `main` names, of the two Lua would look for the first that exists.
    public var mainFile: String? { Self.mainFile(main, in: folder) }

    /// The names in `requires`, sorted.
    public var requiredNames: [String] { requires.keys.sorted() }

    /// The permissions, in the order `PluginPermission` lists them.
    public var sortedPermissions: [PluginPermission] { permissions.sorted() }

    public init(
        name: String, version: Version, host: VersionRange = .any, requires: [String: VersionRange] = [:],
        permissions: Set<PluginPermission> = [], main: String = "init", description: String? = nil, folder: String
    ) {
        self.name = name
        self.version = version
        self.host = host
        self.requires = requires
        self.permissions = permissions
        self.main = main
        self.description = description
        self.folder = folder
    }

    /// The manifest file of the plugin in `folder`.
    public static func file(in folder: String) -> String {
        folder.hasSuffix("/") ? folder + "plugin.lua" : folder + "/plugin.lua"
    }

    static func mainFile(_ main: String, in folder: String) -> String? {
        let base = (folder.hasSuffix("/") ? folder : folder + "/") + main.split(separator: ".").joined(separator: "/")
        return [base + ".lua", base + "/init.lua"].first { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }
}

/// One thing wrong with a manifest: its file, the key, and what is wrong.
///
/// ```
/// plugins/forms/plugin.lua: version: "1.2" is not a semantic version (MAJOR.MINOR.PATCH)
/// ```
public struct ManifestProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The manifest's path (`plugins/forms/plugin.lua`).
    public var file: String
    /// The key (`version`, `requires.geometry`, `permissions[2]`); nil for the manifest as a whole.
    public var key: String?
    public var message: String

    public init(file: String, key: String?, message: String) {
        self.file = file
        self.key = key
        self.message = message
    }

    public var description: String {
        if let key { "\(file): \(key): \(message)" } else { "\(file): \(message)" }
    }
}

/// A manifest that cannot be used, with every problem found in it.
public struct ManifestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The plugin's folder.
    public var folder: String
    /// The manifest's `name`, when it has a valid one.
    public var name: String?
    /// The manifest's `version`, when it has a valid one.
    public var version: Version?
    public var problems: [ManifestProblem]

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

extension PluginManifest {
    /// Why `name` cannot be a plugin's name (a lowercase Lua identifier that is not a
    /// built-in module's), or nil when it can.
    public static func nameProblem(_ name: String) -> String? {
        ManifestReader.moduleNameProblem(name)
    }
}
