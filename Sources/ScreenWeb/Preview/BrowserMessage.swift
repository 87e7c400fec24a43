import Foundation
import ScreenKit
import ScreenScript

/// A message the page sends over its WebSocket, one JSON object with a `type`, read and
/// checked before anything acts on it: a browser's numbers are as hostile as a script's.
///
/// ```json
/// {"type": "touch", "phase": "began", "x": 160.5, "y": 240}
/// {"type": "scroll", "x": 160, "y": 240, "dy": 48}
/// {"type": "key", "key": "ArrowUp", "shift": false, "ctrl": false, "alt": false, "meta": false}
/// {"type": "paste", "text": "Hello"}
/// {"type": "rotate"}   {"type": "memoryWarning"}   {"type": "device", "device": "ipad"}
/// {"type": "reload"}   {"type": "resync"}
/// ```
enum BrowserMessage: Equatable {
    /// A pointer down, moving, up or cancelled, at a point of the window; `id` tells
    /// fingers apart (0 for a mouse).
    case touch(TouchPhase, Point, id: Int)
    /// The wheel at a point: `dy` points, positive to show what is further down.
    case scroll(Point, dy: Double)
    /// A key pressed (`KeyboardEvent.key`) with the modifiers held.
    case key(String, BrowserKey.Modifiers)
    case paste(String)
    case rotate
    case memoryWarning
    case device(Window.Device)
    /// Load the app's files again, keeping the screen.
    case reload
    /// The page missed a frame: it wants a whole one.
    case resync

    /// The longest text a `key` or `paste` message may hold.
    static let textLimit = 16 * 1024

    /// One decoder for every message: making one costs as much as reading a touch.
    private static let decoder = JSONDecoder()

    /// The fields any message may have; which ones a type needs is checked after.
    private struct Fields: Decodable {
        var type: String
        var phase: String?
        var x: Double?
        var y: Double?
        var dy: Double?
        var id: Double?
        var key: String?
        var text: String?
        var device: String?
        var shift: Bool?
        var ctrl: Bool?
        var alt: Bool?
        var meta: Bool?
    }

    /// Reads one message.
    ///
    /// - Throws: ``BrowserMessageError`` saying what is wrong: not JSON, an unknown type, a
    ///   missing field, a number that is not finite or is out of range.
    init(json: String) throws(BrowserMessageError) {
        let fields: Fields
        do {
            fields = try Self.decoder.decode(Fields.self, from: Data(json.utf8))
        } catch {
            throw BrowserMessageError("not a message the page sends (a JSON object with a \"type\" string and fields of the right types)")
        }
        let type = fields.type
        switch type {
        case "touch":
            let phase = try Self.option(fields.phase, "phase", of: type, TouchPhase.self)
            self = .touch(phase, try Self.point(fields, of: type), id: try Self.touchID(fields.id))
        case "scroll":
            self = .scroll(try Self.point(fields, of: type), dy: try Self.number(fields.dy, "dy", of: type))
        case "key":
            let key = try Self.text(fields.key, "key", of: type)
            self = .key(key, BrowserKey.Modifiers(
                shift: fields.shift ?? false, control: fields.ctrl ?? false, alt: fields.alt ?? false, meta: fields.meta ?? false))
        case "paste":
            self = .paste(try Self.text(fields.text, "text", of: type))
        case "rotate": self = .rotate
        case "memoryWarning": self = .memoryWarning
        case "device": self = .device(try Self.option(fields.device, "device", of: type, Window.Device.self))
        case "reload": self = .reload
        case "resync": self = .resync
        default:
            throw BrowserMessageError(
                "unknown message type '\(type.prefix(40))' (touch, scroll, key, paste, rotate, memoryWarning, device, reload or resync)")
        }
    }

    // MARK: - Checking fields

    private static func point(_ fields: Fields, of type: String) throws(BrowserMessageError) -> Point {
        Point(x: try number(fields.x, "x", of: type), y: try number(fields.y, "y", of: type))
    }

    /// A coordinate or a distance: finite, and within what a recording holds.
    private static func number(_ value: Double?, _ name: String, of type: String) throws(BrowserMessageError) -> Double {
        guard let value else { throw BrowserMessageError("a \(type) message needs a number '\(name)'") }
        guard value.isFinite, abs(value) <= InputRecording.numberLimit else {
            throw BrowserMessageError("bad '\(name)' in a \(type) message: a finite number within ±\(Int(InputRecording.numberLimit)), got \(value)")
        }
        return value
    }

    /// A touch's finger: a whole number from 0 to 1000, as a recording takes; 0 when absent.
    private static func touchID(_ value: Double?) throws(BrowserMessageError) -> Int {
        guard let value else { return 0 }
        guard value.isFinite, value == value.rounded(), value >= 0, value <= 1000 else {
            throw BrowserMessageError("bad 'id' in a touch message: a whole number from 0 to 1000, got \(value)")
        }
        return Int(value)
    }

    private static func text(_ value: String?, _ name: String, of type: String) throws(BrowserMessageError) -> String {
        guard let value else { throw BrowserMessageError("a \(type) message needs a string '\(name)'") }
        guard value.utf8.count <= textLimit else {
            throw BrowserMessageError("the '\(name)' of a \(type) message is longer than \(textLimit) bytes")
        }
        return value
    }

    private static func option<Option: RawRepresentable & CaseIterable>(
        _ value: String?, _ name: String, of type: String, _: Option.Type
    ) throws(BrowserMessageError) -> Option where Option.RawValue == String {
        let names = Option.allCases.map(\.rawValue).joined(separator: ", ")
        guard let value else { throw BrowserMessageError("a \(type) message needs '\(name)': one of \(names)") }
        guard let option = Option(rawValue: value) else {
            throw BrowserMessageError("bad '\(name)' in a \(type) message: '\(value.prefix(40))' is not one of \(names)")
        }
        return option
    }
}

/// What was wrong with a message from a page.
struct BrowserMessageError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
