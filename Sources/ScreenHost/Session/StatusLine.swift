import ScreenKit

/// The one line at the bottom of the terminal: the app, its device and orientation, what was
/// reloaded last, where the error log is once an error happened, and the keys.
///
/// ```swift
/// var status = StatusLine(appID: "hello", device: .iphone, orientation: .portrait)
/// status.text(width: 200)
/// // " hello · iphone portrait · Tab focus · Enter tap · Esc back · ^R rotate · ^W memory · q quit"
/// ```
public struct StatusLine: Equatable {
    public var appID: String
    public var device: Window.Device
    public var orientation: Window.Orientation
    /// What the last reload did ("reloaded main.lua, list.lua"), shown until the next one.
    public var reloadNote: String?
    /// The error log, once an error was written to it.
    public var errorLogPath: String?
    /// How many script errors happened.
    public var errorCount = 0

    public static let keys = "Tab focus · Enter tap · Esc back · ^R rotate · ^W memory · q quit"

    public init(appID: String, device: Window.Device, orientation: Window.Orientation) {
        self.appID = appID
        self.device = device
        self.orientation = orientation
    }

    /// The segments in the order they are shown; when the line is too narrow the last ones
    /// (the keys) are cut first.
    public var segments: [String] {
        var segments = [appID, "\(device.rawValue) \(orientation.rawValue)"]
        if let reloadNote { segments.append(reloadNote) }
        if let errorLogPath {
            let errors = errorCount == 1 ? "1 error" : "\(errorCount) errors"
            segments.append("\(errors): \(errorLogPath)")
        }
        segments.append(Self.keys)
        return segments
    }

    /// The line, exactly `width` characters: cut with "…" when longer, padded with spaces.
    public func text(width: Int) -> String {
        guard width > 0 else { return "" }
        let line = " " + segments.joined(separator: " · ")
        let characters = Array(line)
        if characters.count <= width {
            return line + String(repeating: " ", count: width - characters.count)
        }
        return String(characters.prefix(width - 1)) + "…"
    }
}
