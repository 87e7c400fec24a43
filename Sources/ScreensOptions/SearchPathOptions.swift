import ArgumentParser
import Foundation

/// `--plugin-path DIR`, shared by `run`, `repl`, `test`, `monkey` and `serve`: more folders of
/// plugins, searched after the app's `plugins/` and before `$SCREENS_PLUGIN_PATH` and the
/// bundled plugins. `run` and `test`, whose start-up time counts, write the option out
/// with ``help`` rather than take the group (a group costs each start a reflection more).
public struct PluginPathOptions: ParsableArguments, Sendable {
    public static let help = ArgumentHelp(
        "Also look for plugins in this folder, after the app's plugins/ (repeatable; see docs/plugins.md).",
        valueName: "dir")

    @Option(name: .customLong("plugin-path"), help: help, completion: .directory)
    public var folders: [String] = []

    public init() {}

    /// `folders` as absolute paths, for a command that changes its folder first.
    public static func absolute(_ folders: [String]) -> [String] {
        folders.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }
}
