import Foundation
import ScreenKit

/// Input events with the times they happened, as `screens run --record` writes them,
/// `screens monkey` leaves behind and `--replay` plays back: a text file a person can read
/// and edit, one event a line.
///
/// ```text
/// # luascreens recording 1
/// # device iphone portrait
/// 0.500 touch began 160 200
/// 0.580 touch ended 160 200
/// 1.000 text "Hello\n"
/// 1.250 key escape
/// 2.000 scroll 160 240 48
/// 3.000 rotate landscape
/// 3.500 memory-warning
/// ```
///
/// Times are seconds since the app launched, with up to three decimals, and never go
/// back. Lines that start with `#` are comments, and blank lines are skipped; the comment
/// `# app ID` names the app the events were made on, `# device NAME ORIENTATION` which
/// screen, and `# random-seed N` the seed of `math.random` in the run recorded.
///
/// ```swift
/// let recording = try InputRecording(parsing: text)
/// let same = try InputRecording(parsing: recording.text)   // == recording
/// ```
public nonisolated struct InputRecording: Equatable, Sendable {
    /// One input event and when it happened.
    public struct Event: Equatable, Sendable {
        /// Seconds since launch, a whole number of milliseconds.
        public var time: Double
        public var input: Input

        public init(time: Double, input: Input) {
            self.time = time
            self.input = input
        }
    }

    /// What a person (or the monkey) does to the app.
    public enum Input: Equatable, Sendable {
        /// A finger; `id` tells simultaneous fingers apart. Points are window coordinates.
        case touch(TouchPhase, Point, id: Int)
        /// A named key (see ``InputRecording/keyNames``) or a single character.
        case key(String)
        /// Text typed into the field being edited.
        case text(String)
        case rotate(Window.Orientation)
        case memoryWarning
        /// The mouse wheel at a point: `dy` points, positive to show what is further down.
        case scroll(Point, dy: Double)
    }

    /// The events, in time order.
    public var events: [Event]
    /// The app the events were made on (its `app.id`, or its folder's name), when the
    /// recording says: `--replay` warns when it plays them on another.
    public var app: String?
    /// The device the events were made on, when the recording says.
    public var device: Window.Device?
    /// The orientation at launch, when the recording says.
    public var orientation: Window.Orientation?
    /// The seed of Lua's `math.random` in the run recorded, when it was set (the monkey sets
    /// it), so that a replay draws the same numbers.
    public var randomSeed: Int64?

    /// The version this type reads and writes, in the first line.
    public static let version = 1
    /// The key names a `key` event takes, besides a single character.
    public static let keyNames: Set<String> = [
        "enter", "return", "escape", "tab", "shift-tab", "backspace", "delete", "space",
        "up", "down", "left", "right", "home", "end", "pageup", "pagedown",
    ]
    /// The largest coordinate, distance or time a recording holds: far beyond any screen.
    public static let numberLimit = 1e9

    public init(events: [Event] = [], device: Window.Device? = nil, orientation: Window.Orientation? = nil) {
        self.events = events
        self.device = device
        self.orientation = orientation
    }

    // MARK: - Writing

    /// The recording as text: the version line, the device line when there is a device,
    /// then one line per event. Parsing it gives this recording back.
    public var text: String {
        var lines = ["# luascreens recording \(Self.version)"]
        if let app, let line = Self.appLine(app) { lines.append(line) }
        if let device { lines.append("# device \(device.rawValue) \((orientation ?? .portrait).rawValue)") }
        if let randomSeed { lines.append("# random-seed \(randomSeed)") }
        lines += events.map(Self.line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `# app ID`, or nil for an ID a line cannot hold whole (empty, a line break, spaces at
    /// its ends).
    private static func appLine(_ app: String) -> String? {
        guard !app.isEmpty, !app.contains(where: \.isNewline), app.trimmingCharacters(in: .whitespaces) == app else { return nil }
        return "# app \(app)"
    }

    /// One event as its line says it: `0.500 touch began 160 200`.
    public static func line(_ event: Event) -> String {
        "\(format(event.time, decimals: .fixed)) \(describe(event.input))"
    }

    /// One event as a line says it, without the time: `touch began 160 200`.
    public static func describe(_ input: Input) -> String {
        switch input {
        case .touch(let phase, let point, let id):
            let touch = "touch \(phase.rawValue) \(format(point.x)) \(format(point.y))"
            return id == 0 ? touch : touch + " \(id)"
        case .key(let name): return "key \(name)"
        case .text(let text): return "text \(quote(text))"
        case .rotate(let orientation): return "rotate \(orientation.rawValue)"
        case .memoryWarning: return "memory-warning"
        case .scroll(let point, let dy): return "scroll \(format(point.x)) \(format(point.y)) \(format(dy))"
        }
    }

    private enum Decimals { case fixed, trimmed }

    /// `value` rounded to milliseconds: with three decimals for times, without trailing
    /// zeros for coordinates.
    private static func format(_ value: Double, decimals: Decimals = .trimmed) -> String {
        let limited = value.isFinite ? min(max(value, -numberLimit), numberLimit) : 0
        let thousandths = Int64((limited * 1000).rounded())
        let sign = thousandths < 0 ? "-" : ""
        let whole = abs(thousandths) / 1000, fraction = abs(thousandths) % 1000
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        if case .trimmed = decimals {
            while digits.hasSuffix("0") { digits.removeLast() }
        }
        return digits.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(digits)"
    }

    /// `"text"` with `\"`, `\\`, `\n`, `\t`, `\r` and `\u{HEX}` for other control characters,
    /// so that the line stays one line.
    private static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

// MARK: - Parsing

extension InputRecording {
    /// A line of a recording that could not be read.
    public struct ParseError: Error, Equatable, CustomStringConvertible, Sendable {
        /// The line, counting from 1; 0 when the file could not be read.
        public var line: Int
        /// What was wrong: "unknown event 'tuch'".
        public var message: String
        /// The file it was read from, when it came from a file.
        public var file: String?

        public var description: String {
            guard let file else { return "line \(line): \(message)" }
            return line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
        }
    }

    /// Reads a recording from its text.
    ///
    /// - Throws: ``ParseError`` naming the first line that is wrong and what is wrong with it.
    public init(parsing text: String) throws(ParseError) {
        self.init()
        var lastTime = 0.0
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let number = index + 1
            let trimmed = rawLine.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty { continue }
            do throws(LineError) {
                if trimmed.hasPrefix("#") {
                    try readComment(trimmed.dropFirst(), first: number == 1)
                    continue
                }
                var scanner = LineScanner(trimmed)
                let time = try scanner.number(what: "time")
                guard time >= 0 else { throw LineError("the time \(Self.format(time, decimals: .fixed)) is negative") }
                guard time >= lastTime else {
                    throw LineError(
                        "the time \(Self.format(time, decimals: .fixed)) is before the line above's \(Self.format(lastTime, decimals: .fixed)): times never go back")
                }
                lastTime = time
                events.append(Event(time: time, input: try Self.readInput(&scanner)))
            } catch {
                throw ParseError(line: number, message: error.message)
            }
        }
    }

    /// Reads the recording in `path`.
    ///
    /// - Throws: ``ParseError`` with the file's name, also when it cannot be read.
    public init(contentsOfFile path: String) throws(ParseError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ParseError(line: 0, message: "no such recording file", file: path)
        }
        guard !isFolder.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw ParseError(line: 0, message: "cannot read the recording file", file: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ParseError(line: 0, message: "the recording is not UTF-8 text", file: path)
        }
        do {
            try self.init(parsing: text)
        } catch {
            var error = error
            error.file = path
            throw error
        }
    }

    /// The version line, the app line, the device line and the random seed line; any other
    /// comment is the reader's.
    private mutating func readComment(_ text: Substring, first: Bool) throws(LineError) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if first, words.count >= 2, words[0] == "luascreens", words[1] == "recording" {
            guard words.count == 3, words[2] == "\(Self.version)" else {
                throw LineError("this is a recording of version \(words.dropFirst(2).joined(separator: " ")); this program reads version \(Self.version)")
            }
            return
        }
        if words.first == "app", words.count >= 2 {
            // The rest of the line, spaces inside it kept: a folder's name may have some.
            app = String(text.drop { $0 == " " || $0 == "\t" }.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            return
        }
        if words.first == "random-seed", words.count == 2 {
            guard let seed = Int64(words[1]) else { throw LineError("bad random seed '\(words[1])': a whole number") }
            randomSeed = seed
            return
        }
        guard words.first == "device", words.count <= 3 else { return }
        guard words.count >= 2, let device = Window.Device(rawValue: String(words[1])) else {
            throw LineError("unknown device '\(words.dropFirst().first ?? "")': use iphone or ipad")
        }
        self.device = device
        guard words.count == 3 else { return }
        guard let orientation = Window.Orientation(rawValue: String(words[2])) else {
            throw LineError("unknown orientation '\(words[2])': use portrait or landscape")
        }
        self.orientation = orientation
    }

    private static let eventNames = ["touch", "key", "text", "rotate", "memory-warning", "scroll"]

    private static func readInput(_ scanner: inout LineScanner) throws(LineError) -> Input {
        guard let name = scanner.word() else {
            throw LineError("a time needs an event after it: \(eventNames.joined(separator: ", "))")
        }
        let input: Input
        switch name {
        case "touch":
            guard let phaseName = scanner.word() else { throw LineError("touch needs a phase: began, moved, ended or cancelled") }
            guard let phase = TouchPhase(rawValue: String(phaseName)) else {
                throw LineError("unknown touch phase '\(phaseName)': use began, moved, ended or cancelled")
            }
            let point = Point(x: try scanner.number(what: "x"), y: try scanner.number(what: "y"))
            var id = 0
            if let word = scanner.word() {
                guard let value = Int(word), value >= 0, value <= 1000 else {
                    throw LineError("bad touch id '\(word)': a whole number from 0 to 1000")
                }
                id = value
            }
            input = .touch(phase, point, id: id)
        case "key":
            guard let key = scanner.word() else { throw LineError("key needs a key name (escape, enter, ...) or a character") }
            guard key.count == 1 || keyNames.contains(String(key)) else {
                throw LineError("unknown key '\(key)': use one character or one of \(keyNames.sorted().joined(separator: ", "))")
            }
            input = .key(String(key))
        case "text":
            input = .text(try scanner.quoted())
        case "rotate":
            guard let word = scanner.word(), let orientation = Window.Orientation(rawValue: String(word)) else {
                throw LineError("rotate needs portrait or landscape")
            }
            input = .rotate(orientation)
        case "memory-warning":
            input = .memoryWarning
        case "scroll":
            let point = Point(x: try scanner.number(what: "x"), y: try scanner.number(what: "y"))
            input = .scroll(point, dy: try scanner.number(what: "dy"))
        default:
            throw LineError("unknown event '\(name)': use \(eventNames.joined(separator: ", "))")
        }
        if let extra = scanner.leftover() { throw LineError("unexpected '\(extra)' after the \(name) event") }
        return input
    }
}

/// What is wrong with a line, before the line's number is added.
private nonisolated struct LineError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Reads the words, numbers and quoted strings of one line.
private nonisolated struct LineScanner {
    private var remaining: Substring

    init(_ line: Substring) { remaining = line }

    private mutating func skipSpaces() {
        remaining = remaining.drop { $0 == " " || $0 == "\t" }
    }

    /// The next word, or nil at the end of the line.
    mutating func word() -> Substring? {
        skipSpaces()
        guard !remaining.isEmpty else { return nil }
        let end = remaining.firstIndex { $0 == " " || $0 == "\t" } ?? remaining.endIndex
        defer { remaining = remaining[end...] }
        return remaining[..<end]
    }

    /// What is left of the line, or nil when nothing is.
    mutating func leftover() -> Substring? {
        skipSpaces()
        return remaining.isEmpty ? nil : remaining
    }

    /// A decimal number (`12`, `-3.5`, `0.125`): digits with an optional sign and at most
    /// three decimals, within ``InputRecording/numberLimit``.
    mutating func number(what: String) throws(LineError) -> Double {
        guard let word = word() else { throw LineError("missing \(what)") }
        var digits = word
        if digits.first == "-" { digits.removeFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDecimal = !parts[0].isEmpty && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard isDecimal, let value = Double(word), value.isFinite else {
            throw LineError("bad number '\(word)' for the \(what): write digits such as 12 or 0.5")
        }
        guard parts.count == 1 || parts[1].count <= 3 else {
            throw LineError("bad number '\(word)' for the \(what): at most 3 decimals")
        }
        guard abs(value) <= InputRecording.numberLimit else {
            throw LineError("bad number '\(word)' for the \(what): larger than \(Int(InputRecording.numberLimit))")
        }
        return value
    }

    /// A string in double quotes, with the escapes `\"`, `\\`, `\n`, `\t`, `\r` and `\u{HEX}`.
    mutating func quoted() throws(LineError) -> String {
        skipSpaces()
        guard remaining.first == "\"" else { throw LineError("text needs a string in double quotes") }
        var scalars = remaining.unicodeScalars.dropFirst()
        var result = String.UnicodeScalarView()
        while let scalar = scalars.first {
            scalars.removeFirst()
            switch scalar {
            case "\"":
                remaining = Substring(scalars)
                return String(result)
            case "\\":
                guard let escape = scalars.first else { throw LineError("unterminated string: a line ends after '\\'") }
                scalars.removeFirst()
                switch escape {
                case "\"", "\\": result.append(escape)
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "u":
                    guard scalars.first == "{", let close = scalars.firstIndex(of: "}"),
                        let value = UInt32(String(scalars[scalars.index(after: scalars.startIndex)..<close]), radix: 16),
                        let code = Unicode.Scalar(value)
                    else { throw LineError("bad escape '\\u': write \\u{HEX} with a character's code") }
                    result.append(code)
                    scalars = scalars[scalars.index(after: close)...]
                default:
                    throw LineError("bad escape '\\\(escape)': use \\\", \\\\, \\n, \\t, \\r or \\u{HEX}")
                }
            default:
                result.append(scalar)
            }
        }
        throw LineError("unterminated string: no closing '\"'")
    }
}
