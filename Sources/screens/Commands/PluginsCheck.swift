import ArgumentParser
import Foundation
import ScreenScript

/// `screens plugins check [DIR...]`: every problem of the plugins in those folders.
struct PluginsCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the manifests, ranges and dependencies of plugins.",
        discussion: """
            Each DIR is a plugin folder (it has plugin.lua) or a folder of plugin folders; \
            without one, the current folder. The plugins found there are resolved together \
            with those on the usual path they may require (--plugin-path, \
            $SCREENS_PLUGIN_PATH, the bundled plugins), as an app would find them after its \
            own. Prints each problem with its plugin's manifest; exits with status 1 when \
            there is any, 0 (with a summary line) when there is none.
            """)

    @Argument(help: ArgumentHelp("Plugin folders, or folders of plugins (default: the current folder).", valueName: "DIR"), completion: .directory)
    var folders: [String] = []

    @Option(name: .customLong("plugin-path"), help: ArgumentHelp("A folder of plugins the checked ones may require (repeatable).", valueName: "DIR"), completion: .directory)
    var pluginPaths: [String] = []

    func run() throws {
        let checked = folders.isEmpty ? ["."] : folders
        let status = MainActor.assumeIsolated { () -> Int32 in
            let usual = PluginCatalog.SearchPath.standard(appFolder: nil, pluginPaths: pluginPaths)
            let path = PluginCatalog.SearchPath(
                checked.map { PluginCatalog.SearchPath.Folder($0, origin: .checked) } + usual.folders)
            let catalog = PluginCatalog.scan(path)
            let resolution = catalog.resolve()
            var problems: [String] = []
            for folder in catalog.missingFolders {
                let absence = pluginFolderAbsence(folder.path)
                problems.append("\(folder.path): \(absence == "does not exist" ? absence : "is " + absence)")
            }
            let items = resolution.items.filter { $0.entry.source.origin == .checked }
            for folder in checked where !catalog.missingFolders.contains(.init(folder, origin: .checked)) {
                let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
                if !items.contains(where: { $0.entry.source.path == trimmed || $0.entry.source.path == folder }) {
                    problems.append("\(folder): no plugins here (a plugin is a folder with plugin.lua)")
                }
            }
            for item in items {
                switch item.status {
                case .invalid(let error): problems += error.problems.map(\.description)
                case .skipped(let reason): problems.append("\(PluginManifest.file(in: item.entry.folder)): \(reason)")
                case .willLoad, .notChosen: break
                }
            }
            for problem in problems { print(problem) }
            let count = "\(items.count) plugin\(items.count == 1 ? "" : "s")"
            if problems.isEmpty {
                print("\(count) checked: no problems.")
                return 0
            }
            print("\(count) checked: \(problems.count) problem\(problems.count == 1 ? "" : "s").")
            return 1
        }
        if status != 0 { throw ExitCode(status) }
    }
}
