import ArgumentParser
import Foundation

/// `--plugin-path DIR`, shared by `run`, `repl`, `test` and `monkey`: more folders of
/// plugins, searched after the app's `plugins/` and before `$SCREENS_PLUGIN_PATH` and the
/// bundled plugins.
struct PluginPathOptions: ParsableArguments {
    @Option(
        name: .customLong("plugin-path"),
        help: ArgumentHelp(
            "Also look for plugins in this folder, after the app's plugins/ (repeatable; see docs/plugins.md).",
            valueName: "dir"),
        completion: .directory)
    var folders: [String] = []

    /// The folders as absolute paths, for a command that changes its folder first.
    var absoluteFolders: [String] {
        folders.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }
}
