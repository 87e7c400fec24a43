import Foundation
import Version

/// Every plugin folder found on a search path, each with its manifest or what is wrong
/// with it, in search-path order.
///
/// ```swift
/// let catalog = PluginCatalog.scan(.standard(appFolder: "scripts/gallery", pluginPaths: []))
/// let resolution = catalog.resolve()
/// resolution.chosen["stacklayout"]?.folder   // "plugins/stacklayout"
/// ```
public struct PluginCatalog: Sendable {
    /// One plugin folder.
    public struct Entry: Sendable {
        /// The plugin's folder (`plugins/forms`), as messages name it.
        public var folder: String
        /// The search-path folder it was found in.
        public var source: SearchPath.Folder
        /// The manifest, or every problem in it.
        public var manifest: Result<PluginManifest, ManifestError>

        /// The manifest's name: the valid one, or the one an invalid manifest has.
        public var name: String? {
            switch manifest {
            case .success(let manifest): manifest.name
            case .failure(let error): error.name
            }
        }
    }

    public var searchPath: SearchPath
    public var entries: [Entry]
    /// Folders named on the path that do not exist (`--plugin-path` and
    /// `$SCREENS_PLUGIN_PATH` ones; a missing app or bundled `plugins/` is not noted).
    public var missingFolders: [SearchPath.Folder]

    /// Reads every plugin on `searchPath`: each folder on it holds plugin folders (those
    /// with a `plugin.lua`), in name order; a folder that has a `plugin.lua` itself is one
    /// plugin. A folder reached twice (through a link, or named twice) is read once, where
    /// it comes first.
    public static func scan(_ searchPath: SearchPath) -> PluginCatalog {
        var entries: [Entry] = []
        var missing: [SearchPath.Folder] = []
        var seen: Set<String> = []
        let files = FileManager.default
        for source in searchPath.folders {
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: source.path, isDirectory: &isFolder), isFolder.boolValue else {
                if source.origin == .option || source.origin == .environment || source.origin == .checked {
                    missing.append(source)
                }
                continue
            }
            guard seen.insert(realPath(source.path)).inserted else { continue }
            if files.fileExists(atPath: PluginManifest.file(in: source.path)) {
                entries.append(read(folder: source.path, source: source))
                continue
            }
            let names = ((try? files.contentsOfDirectory(atPath: source.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            for name in names {
                let folder = (source.path.hasSuffix("/") ? source.path : source.path + "/") + name
                var isPluginFolder: ObjCBool = false
                guard files.fileExists(atPath: folder, isDirectory: &isPluginFolder), isPluginFolder.boolValue,
                      files.fileExists(atPath: PluginManifest.file(in: folder)),
                      seen.insert(realPath(folder)).inserted
                else { continue }
                entries.append(read(folder: folder, source: source))
            }
        }
        return PluginCatalog(searchPath: searchPath, entries: entries, missingFolders: missing)
    }

    /// Chooses a version of each plugin and finds what cannot load; see ``PluginResolution``.
    public func resolve(host: Version = LuaScreensVersion.current) -> PluginResolution {
        PluginResolution(catalog: self, host: host)
    }

    private static func read(folder: String, source: SearchPath.Folder) -> Entry {
        do {
            return Entry(folder: folder, source: source, manifest: .success(try ManifestReader.read(folder: folder)))
        } catch {
            return Entry(folder: folder, source: source, manifest: .failure(error))
        }
    }

    private static func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
