/// A worker's event read back from its line by hand, as ``WorkerEvent/line`` writes it: the
/// parent reads one or two events for every test, and `JSONDecoder` made that a third of a
/// run's time for small tests. It reads JSON (the subset `line` writes: objects, arrays,
/// strings with their escapes, numbers, booleans, null), and what it cannot read is nil.
extension WorkerEvent {
    init?(line: ArraySlice<UInt8>) {
        var reader = JSONReader(bytes: line)
        guard let value = reader.value(), reader.atEnd, let object = value.object,
              let kind = object["kind"]?.string.flatMap(Kind.init(rawValue:))
        else { return nil }
        self.init(kind: kind)
        call = object["call"]?.object.flatMap(TestCall.init(json:))
        started = object["started"]?.integer.flatMap { UInt64(exactly: $0) }
        result = object["result"]?.object.flatMap(TestResult.init(json:))
        output = object["output"]?.string
        snapshots = object["snapshots"]?.array.map { $0.compactMap { $0.object.flatMap(TestResult.SnapshotUse.init(json:)) } }
        if let lines = object["coverage"]?.object?["lines"]?.object {
            var coverage = Coverage()
            coverage.add(lines.mapValues { $0.array?.compactMap(\.integer) ?? [] })
            self.coverage = coverage
        }
    }
}

extension TestCall {
    fileprivate init?(json: [String: JSONValue]) {
        guard let name = json["name"]?.string else { return nil }
        self.init(name: name, location: json["location"]?.string, resume: json["resume"]?.array?.compactMap(\.integer))
    }
}

extension TestResult {
    fileprivate init?(json: [String: JSONValue]) {
        guard let name = json["name"]?.string, let status = json["status"]?.string.flatMap(Status.init(rawValue:)) else {
            return nil
        }
        let failure = json["failure"]?.object.map { failure in
            Failure(
                message: failure["message"]?.string ?? "", location: failure["location"]?.string,
                traceback: failure["traceback"]?.string, output: failure["output"]?.string)
        }
        let errors = json["errors"]?.array?.compactMap { value -> ScriptError? in
            guard let error = value.object else { return nil }
            return ScriptError(
                context: error["context"]?.string ?? "", message: error["message"]?.string ?? "",
                traceback: error["traceback"]?.string)
        } ?? []
        self.init(
            name: name, location: json["location"]?.string, status: status, failure: failure,
            reason: json["reason"]?.string, block: json["block"]?.boolean, errors: errors)
        file = json["file"]?.string
        duration = json["duration"]?.number
        snapshots = json["snapshots"]?.array.map { $0.compactMap { $0.object.flatMap(SnapshotUse.init(json:)) } }
    }
}

extension TestResult.SnapshotUse {
    fileprivate init?(json: [String: JSONValue]) {
        guard let path = json["path"]?.string else { return nil }
        self.init(path: path, change: json["change"]?.string.flatMap(Change.init(rawValue:)))
    }
}

/// A JSON value, as ``JSONReader`` reads it.
enum JSONValue {
    case null
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    var string: String? { if case .string(let text) = self { text } else { nil } }
    var object: [String: JSONValue]? { if case .object(let members) = self { members } else { nil } }
    var array: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
    var boolean: Bool? { if case .boolean(let flag) = self { flag } else { nil } }
    var integer: Int? { if case .integer(let value) = self { value } else { nil } }
    var number: Double? {
        switch self {
        case .number(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }
}

/// Reads one JSON value from bytes.
struct JSONReader {
    private let bytes: ArraySlice<UInt8>
    private var index: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    /// Whether only white space is left.
    var atEnd: Bool {
        mutating get {
            skipSpace()
            return index == bytes.endIndex
        }
    }

    private mutating func skipSpace() {
        while index < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.endIndex, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func literal(_ text: String) -> Bool {
        let expected = Array(text.utf8)
        guard bytes.endIndex - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
            return false
        }
        index += expected.count
        return true
    }

    /// The next value, or nil when the bytes are not JSON.
    mutating func value() -> JSONValue? {
        skipSpace()
        guard index < bytes.endIndex else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [String: JSONValue] = [:]
            if take(UInt8(ascii: "}")) { return .object(members) }
            repeat {
                skipSpace()
                guard let key = string(), take(UInt8(ascii: ":")), let member = value() else { return nil }
                members[key] = member
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}")) ? .object(members) : nil
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONValue] = []
            if take(UInt8(ascii: "]")) { return .array(items) }
            repeat {
                guard let item = value() else { return nil }
                items.append(item)
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? .array(items) : nil
        case UInt8(ascii: "\""):
            return string().map(JSONValue.string)
        case UInt8(ascii: "t"):
            return literal("true") ? .boolean(true) : nil
        case UInt8(ascii: "f"):
            return literal("false") ? .boolean(false) : nil
        case UInt8(ascii: "n"):
            return literal("null") ? .null : nil
        default:
            return number()
        }
    }

    private mutating func number() -> JSONValue? {
        let start = index
        while index < bytes.endIndex, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if let integer = Int(text) { return .integer(integer) }
        return Double(text).map(JSONValue.number)
    }

    /// A string at the reader (its opening quote), escapes undone.
    private mutating func string() -> String? {
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        var start = index
        var text: [UInt8] = []
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                text += bytes[start..<index]
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            text += bytes[start..<index]
            index += 1
            guard index < bytes.endIndex else { return nil }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "u"):
                guard let unit = hex4() else { return nil }
                var scalar = UInt32(unit)
                // A surrogate pair: the low half follows as another \u escape.
                if (0xD800..<0xDC00).contains(unit), bytes.endIndex - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                   bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    guard let low = hex4() else { return nil }
                    scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                }
                text += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            default: text.append(escape)
            }
            start = index
        }
        return nil
    }

    private mutating func hex4() -> UInt16? {
        guard bytes.endIndex - index >= 4 else { return nil }
        let text = String(decoding: bytes[index..<index + 4], as: UTF8.self)
        index += 4
        return UInt16(text, radix: 16)
    }
}
