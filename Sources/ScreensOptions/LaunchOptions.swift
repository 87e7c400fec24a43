import ArgumentParser
import ScreenKit

/// `--device`, `--orientation` and `--data-dir`: how `screens repl` and `screens serve` launch
/// an app for a person. (`run`, whose start-up time counts, writes them out: a group costs
/// each start a reflection more.)
public struct LaunchOptions: ParsableArguments, Sendable {
    @Option(help: "The device: iphone (320×480, the default) or ipad (768×1024).")
    public var device: Window.Device?

    @Option(help: "portrait (the default) or landscape.")
    public var orientation: Window.Orientation?

    @Option(help: "The folder for the app's data, instead of $XDG_DATA_HOME/luascreens/<id>.", completion: .directory)
    public var dataDir: String?

    public init() {}

    public func validate() throws {
        if dataDir?.isEmpty == true { throw ValidationError("--data-dir needs a folder") }
    }

    /// Whether any of them was given.
    public var isGiven: Bool { device != nil || orientation != nil || dataDir != nil }
}
