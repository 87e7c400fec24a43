import ArgumentParser
import ScreenKit

/// `--device`, `--orientation` and `--data-dir`: how `repl` and `serve` launch an app for a
/// person. (`run`, whose start-up time counts, writes them out: a group costs each start a
/// reflection more.)
struct LaunchOptions: ParsableArguments {
    @Option(help: "The device: iphone (320×480, the default) or ipad (768×1024).")
    var device: Window.Device?

    @Option(help: "portrait (the default) or landscape.")
    var orientation: Window.Orientation?

    @Option(help: "The folder for the app's data, instead of $XDG_DATA_HOME/luascreens/<id>.", completion: .directory)
    var dataDir: String?

    func validate() throws {
        if dataDir?.isEmpty == true { throw ValidationError("--data-dir needs a folder") }
    }

    /// Whether any of them was given.
    var isGiven: Bool { device != nil || orientation != nil || dataDir != nil }
}
