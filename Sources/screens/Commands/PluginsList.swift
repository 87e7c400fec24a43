import ArgumentParser
import Foundation
import ScreenScript

/// `screens plugins list [APP]`: every plugin on the path, and whether it loads.
struct PluginsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the plugins an app finds, and which of them load.",
        discussion: """
            Prints the plugin path, then a table of every plugin folder on it: name, version, \
            folder, where the folder is on the path, permissions, and its status: "will load" \
            (chosen for its name; it runs when required), "not chosen" (another version of the \
            name is, and why), "skipped" (it cannot load, and why) or "invalid manifest".
            """)

    @Argument(help: "The app folder or Lua file whose plugins/ folder comes first (none: no app's).", completion: .file())
    var app: String?

    @Option(name: .customLong("plugin-path"), help: ArgumentHelp("A folder of plugins, searched after the app's (repeatable).", valueName: "DIR"), completion: .directory)
    var pluginPaths: [String] = []

    func run() throws {
        let appFolder = try app.map(Self.appFolder)
        let status = MainActor.assumeIsolated { () -> Int32 in
            let path = PluginCatalog.SearchPath.standard(appFolder: appFolder, pluginPaths: pluginPaths)
            let catalog = PluginCatalog.scan(path)
            print(Self.render(catalog, catalog.resolve()), terminator: "")
            return 0
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// The folder of the app at `path`: the folder itself, or a Lua file's folder.
    static func appFolder(_ path: String) throws -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ValidationError("the app \(path) does not exist")
        }
        if isFolder.boolValue { return path }
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// The path and the table.
    @MainActor static func render(_ catalog: PluginCatalog, _ resolution: PluginResolution) -> String {
        var text = "Plugin path (first first):\n"
        if catalog.searchPath.folders.isEmpty { text += "  (empty)\n" }
        for folder in catalog.searchPath.folders {
            let missing = catalog.missingFolders.contains(folder) ? ", " + pluginFolderAbsence(folder.path) : ""
            text += "  \(folder.path) (\(folder.origin.label)\(missing))\n"
        }
        text += "\n"
        guard !resolution.items.isEmpty else {
            return text + "No plugins found (a plugin is a folder with plugin.lua).\n"
        }
        var rows = [["NAME", "VERSION", "FOLDER", "FROM", "PERMISSIONS", "STATUS"]]
        for item in resolution.items {
            let manifest = item.manifest
            let name = item.entry.name ?? "?"
            let version: String
            switch item.entry.manifest {
            case .success(let manifest): version = manifest.version.description
            case .failure(let error): version = error.version?.description ?? "?"
            }
            let permissions = manifest.map { $0.sortedPermissions.map(\.rawValue).joined(separator: ",") } ?? ""
            rows.append([
                name, version, item.entry.folder, item.entry.source.origin.label, permissions.isEmpty ? "-" : permissions,
                item.status.label,
            ])
        }
        text += table(rows)
        let loading = resolution.loadOrder.count
        text += "\n\(loading) of \(resolution.items.count) plugin\(resolution.items.count == 1 ? "" : "s") will load.\n"
        return text
    }

    /// Rows in columns two spaces apart; the last column is not padded.
    static func table(_ rows: [[String]]) -> String {
        guard let columns = rows.first?.count else { return "" }
        let widths = (0..<columns).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == columns - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
