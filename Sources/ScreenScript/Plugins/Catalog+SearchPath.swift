import Foundation

extension PluginCatalog {
    /// The folders plugins are looked for in, first first.
    public struct SearchPath: Equatable, Sendable {
        /// Where a folder on the path comes from.
        public enum Origin: String, Equatable, Sendable {
            /// The app's own `plugins/`.
            case app
            /// A `--plugin-path DIR`.
            case option = "--plugin-path"
            /// An entry of `$SCREENS_PLUGIN_PATH`.
            case environment = "SCREENS_PLUGIN_PATH"
            /// The plugins that come with LuaScreens.
            case bundled
            /// A folder `screens plugins check` was given.
            case checked
        }

        /// One folder on the path.
        public struct Folder: Equatable, Sendable {
            public var path: String
            public var origin: Origin

            public init(_ path: String, origin: Origin) {
                self.path = path
                self.origin = origin
            }
        }

        public var folders: [Folder]

        public init(_ folders: [Folder]) {
            self.folders = folders
        }

        /// The environment variable that names the bundled plugins' folder.
        public static let bundledVariable = "SCREENS_BUNDLED_PLUGINS"

        /// The path an app sees: its `plugins/`, each `--plugin-path` folder,
        /// `$SCREENS_PLUGIN_PATH` (colon-separated, empty entries ignored), then the bundled
        /// plugins.
        ///
        /// - Parameters:
        ///   - appFolder: the app's folder, or nil outside an app.
        ///   - pluginPaths: the `--plugin-path` folders, in order.
        ///   - environment: the process's environment.
        ///   - bundled: the bundled plugins' folder; ``bundledFolder(environment:executable:)`` when nil.
        public static func standard(
            appFolder: String?, pluginPaths: [String] = [],
            environment: [String: String] = ProcessEnvironment.current(), bundled: String? = nil
        ) -> SearchPath {
            var folders: [Folder] = []
            if let appFolder {
                let base = appFolder.isEmpty ? "." : appFolder
                folders.append(Folder((base.hasSuffix("/") ? base : base + "/") + "plugins", origin: .app))
            }
            folders += pluginPaths.map { Folder(trimmed($0), origin: .option) }
            let variable = environment["SCREENS_PLUGIN_PATH"] ?? ""
            folders += variable.split(separator: ":").map { Folder(trimmed(String($0)), origin: .environment) }
            if let bundled = bundled ?? bundledFolder(environment: environment) {
                folders.append(Folder(bundled, origin: .bundled))
            }
            return SearchPath(folders)
        }

        /// The bundled plugins' folder: `$SCREENS_BUNDLED_PLUGINS`; else
        /// `../share/luascreens/plugins` beside the folder of the running program (an
        /// installed `bin/screens`); else the `plugins/` of the source tree the program was
        /// built from. Nil when none of them exists.
        public static func bundledFolder(
            environment: [String: String] = ProcessEnvironment.current(),
            executable: String? = CommandLine.arguments.first
        ) -> String? {
            if let path = environment[bundledVariable], !path.isEmpty { return path }
            var candidates: [String] = []
            // Paths as strings: the first use of URL's path functions costs a start more than
            // the rest of this (Foundation builds its character sets).
            if let executable, let resolved = executablePath(executable) {
                let program = resolved.hasPrefix("/") ? resolved : FileManager.default.currentDirectoryPath + "/" + resolved
                let bin = parent(of: program)
                candidates.append(parent(of: bin) + "/share/luascreens/plugins")
                // `make install` puts the program in PREFIX/lib/luascreens/ and links
                // PREFIX/bin/screens to it; the plugins go to PREFIX/share/luascreens/plugins.
                candidates.append(parent(of: parent(of: bin)) + "/share/luascreens/plugins")
            }
            // This file is Sources/ScreenScript/Plugins/Catalog+SearchPath.swift in the tree.
            let sourceTree = parent(of: parent(of: parent(of: parent(of: #filePath))))
            candidates.append(sourceTree + "/plugins")
            return candidates.first { path in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            }
        }

        /// `path` without its last component: "/" for a name at the root. The paths here
        /// are absolute, without `.` or `..` (a real path, or the compiler's #filePath).
        private static func parent(of path: String) -> String {
            guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
            return String(path[..<slash])
        }

        /// The running program's real path: `/proc/self/exe` where there is one, else
        /// `argv[0]` when it names a file.
        private static func executablePath(_ argument: String) -> String? {
            if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return link }
            guard argument.contains("/") else { return nil }
            return URL(fileURLWithPath: argument).resolvingSymlinksInPath().path
        }

        private static func trimmed(_ path: String) -> String {
            var path = path
            while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
            return path
        }
    }
}
