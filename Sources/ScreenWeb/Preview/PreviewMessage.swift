import Foundation
import ScreenHost

/// What the loop sends the pages, each a JSON object with a `type`:
///
/// - `hello`: the keys the page keeps from the browser (``BrowserKey``);
/// - `frame`: the whole SVG, with its sequence number; `patch`: hunks from the frame `base`
///   to `seq` (see ``FrameHistory``); either with `focus`, the focused view's rectangle in
///   window points (or null);
/// - `focus`: the focus moved on a screen that did not change;
/// - `tree`: the controllers, as the REPL's `:tree` prints them;
/// - `errors`: the script errors so far (the latest ``PreviewSession/errorsKept``) and how
///   many there were;
/// - `status`: the app, the device, the orientation, the last reload's status line and
///   whether it failed;
/// - `notice`: a message the page could not be acted on, and why.
enum PreviewMessage {
    struct Hello: Encodable {
        let type = "hello"
        var keys: [String]
        var controlKeys: [String]
    }

    struct Frame: Encodable {
        let type = "frame"
        var seq: Int
        var svg: String
        var focus: [Double]?
    }

    struct Patch: Encodable {
        let type = "patch"
        var seq: Int
        var base: Int
        var hunks: [FrameHistory.Hunk]
        var focus: [Double]?
    }

    struct Focus: Encodable {
        let type = "focus"
        var focus: [Double]?
    }

    struct Tree: Encodable {
        let type = "tree"
        var lines: [String]
    }

    struct Errors: Encodable {
        let type = "errors"
        /// As the terminal's error panel holds them: what was running ("reload" for a reload
        /// that failed), the message, the traceback.
        var entries: [ErrorPanel.Entry]
        var count: Int
    }

    struct Status: Encodable, Equatable {
        let type = "status"
        var app: String
        var device: String
        var orientation: String
        var reload: String?
        var reloadFailed: Bool
    }

    struct Notice: Encodable {
        let type = "notice"
        var text: String
    }

    /// The message as the text of one WebSocket message.
    static func encode(_ message: some Encodable) -> String {
        guard let data = try? encoder.encode(message) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// One encoder for every message: making one costs as much as encoding a patch.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()
}
