import ArgumentParser
import Foundation
import ScreenScript

/// `screens plugins`: what plugins exist, which of them load, and a skeleton for a new one.
struct Plugins: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List, check and create plugins.",
        discussion: """
            Plugins are looked for, first first, in the app's plugins/ folder, each \
            --plugin-path folder, the folders of $SCREENS_PLUGIN_PATH (colon-separated), and \
            the bundled plugins ($SCREENS_BUNDLED_PLUGINS, else ../share/luascreens/plugins \
            beside the program, else the plugins/ of the source tree it was built from). Of \
            several versions of a name, the highest that satisfies every range of the plugins \
            that load is chosen. See docs/plugins.md.
            """,
        subcommands: [PluginsList.self, PluginsCheck.self, PluginsNew.self]
    )
}

extension PluginCatalog.SearchPath.Origin {
    /// How `screens plugins` names where a folder comes from.
    var label: String {
        switch self {
        case .app: "app"
        case .option: "--plugin-path"
        case .environment: "$SCREENS_PLUGIN_PATH"
        case .bundled: "bundled"
        case .checked: "checked"
        }
    }
}

extension PluginResolution.Status {
    /// The status as `screens plugins list` shows it.
    var label: String {
        switch self {
        case .willLoad: "will load"
        case .notChosen(let reason): reason.hasPrefix("not chosen") ? reason : "not chosen: " + reason
        case .skipped(let reason): "skipped: " + reason
        case .invalid(let error):
            "invalid manifest: " + error.problems.map { problem in problem.key.map { "\($0): \(problem.message)" } ?? problem.message }
                .joined(separator: "; ")
        }
    }
}

/// Why a folder of the plugin path was not read: "a file, not a folder" or "does not exist".
func pluginFolderAbsence(_ path: String) -> String {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        ? "a file, not a folder" : "does not exist"
}
