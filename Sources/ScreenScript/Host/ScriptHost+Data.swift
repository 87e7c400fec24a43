import Foundation

/// Where the app keeps its data.
extension ScriptHost {
    /// Where the app keeps its data (`store.open(model)` opens `store.sqlite` there):
    /// `$XDG_DATA_HOME/luascreens/<app id>`, with `~/.local/share` when the variable is not
    /// set, unless a data directory was chosen for this host (`--data-dir`, a test's
    /// temporary folder). It is made when a store first needs it.
    public var dataDirectory: String {
        get { chosenDataDirectory ?? Self.defaultDataDirectory(forApp: appID, environment: environment) }
        set { chosenDataDirectory = newValue }
    }

    /// The data directory for a store to use now; an `app.id` that the main chunk sets after
    /// this is an error, since the store would already be in another app's directory.
    func useDataDirectory() -> String {
        if dataDirectoryUser == nil { dataDirectoryUser = appID }
        return dataDirectory
    }

    /// `$XDG_DATA_HOME/luascreens/<id>`, with `~/.local/share` when the variable is not set.
    public static func defaultDataDirectory(
        forApp id: String, environment: [String: String] = ProcessEnvironment.current()
    ) -> String {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        return ((base as NSString).appendingPathComponent("luascreens") as NSString).appendingPathComponent(id)
    }
}
