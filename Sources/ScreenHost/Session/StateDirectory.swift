import Foundation
import ScreenScript

/// Where an app's state lives that is neither data nor settings: its error log.
/// `$XDG_STATE_HOME/luascreens/<id>/`, with `~/.local/state` when the variable is not set or empty.
public enum StateDirectory {
    /// The folder for the app `id`.
    public static func path(forApp id: String, environment: [String: String] = ProcessEnvironment.current()) -> String {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/state"
        return base + "/luascreens/" + id
    }

    /// `path` with the home folder written as `~`, for the status line.
    public static func abbreviated(_ path: String, environment: [String: String] = ProcessEnvironment.current()) -> String {
        guard let home = environment["HOME"], !home.isEmpty, home != "/", path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }
}
