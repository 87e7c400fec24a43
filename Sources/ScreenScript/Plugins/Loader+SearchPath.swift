import Foundation

extension PluginCatalog.SearchPath {
    /// The search path of a test file: the folder of plugins holding the plugin the file
    /// sits in (a folder with `plugin.lua` among the file's folders), so that
    /// `plugins/forms/spec/forms_spec.lua` can `require("forms")`; then what the app sees
    /// when the file is an app's (`scripts/notes/tests/x_spec.lua`, or beside its
    /// `main.lua`): its `plugins/`, the `--plugin-path` folders, `$SCREENS_PLUGIN_PATH`
    /// and the bundled plugins (`bundled`, when given, is their folder as
    /// ``standard(appFolder:pluginPaths:environment:bundled:)`` takes it).
    public static func forTestFile(
        _ file: String, pluginPaths: [String], environment: [String: String] = ProcessEnvironment.current(),
        bundled: String? = nil
    ) -> Self {
        let folder = (file as NSString).deletingLastPathComponent
        let files = FileManager.default
        func has(_ name: String, in folder: String) -> Bool {
            files.fileExists(atPath: ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(name))
        }
        var appFolder: String?
        if has("main.lua", in: folder) {
            appFolder = folder
        } else if (folder as NSString).lastPathComponent == "tests" {
            let parent = (folder as NSString).deletingLastPathComponent
            if has("main.lua", in: parent) { appFolder = parent }
        }
        var search = standard(appFolder: appFolder, pluginPaths: pluginPaths, environment: environment, bundled: bundled)
        var current = folder.isEmpty ? "." : folder
        while true {
            if has("plugin.lua", in: current) {
                // (Foundation on Linux traps on the last path component of ".".)
                let up = current == "." ? ".." : (current as NSString).deletingLastPathComponent
                let parent = up.isEmpty ? "." : up
                search.folders.insert(Folder(parent, origin: .option), at: 0)
                break
            }
            if current == "." || current == "/" || current == ".." || current.hasSuffix("/..") { break }
            let up = (current as NSString).deletingLastPathComponent
            current = up.isEmpty ? "." : up
        }
        return search
    }
}
