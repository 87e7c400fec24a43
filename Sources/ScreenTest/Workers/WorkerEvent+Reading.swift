/// A worker's event read back from its line by hand, as ``WorkerEvent/line`` writes it: the
/// parent reads an event for every test, and `JSONDecoder` made that a third of a run's
/// time for small tests. It reads JSON (the subset `line` writes: objects, arrays, strings
/// with their escapes, numbers, booleans, null) straight into the event's fields, with no
/// dictionary between. A member of another type than expected is left out, as an unknown
/// one is; what is not JSON is nil.
extension WorkerEvent {
    init?(line: ArraySlice<UInt8>) {
        var reader = JSONReader(bytes: line)
        var kind: Kind?
        var event = WorkerEvent(kind: .done)
        let read = reader.members { reader, key in
            switch key {
            case "kind": kind = reader.string().flatMap(Kind.init(rawValue:))
            case "call": event.call = reader.object(TestCall.init(reading:))
            case "started": event.started = reader.integer().flatMap { UInt64(exactly: $0) }
            case "result": event.result = reader.object(TestResult.init(reading:))
            case "output": event.output = reader.string()
            case "snapshots": event.snapshots = reader.array { reader in reader.object(TestResult.SnapshotUse.init(reading:)) }
            case "coverage": event.coverage = reader.object(Coverage.init(reading:))
            default: return reader.skip()
            }
            return reader.isValid
        }
        guard read, reader.atEnd, let kind else { return nil }
        event.kind = kind
        self = event
    }
}

extension WorkerRequest {
    /// A request read back from its line (see ``line``).
    init?(line: [UInt8]) {
        var reader = JSONReader(bytes: line[...])
        var file: String?
        var after: [Int]?
        var last: Bool?
        let read = reader.members { reader, key in
            switch key {
            case "file": file = reader.string()
            case "after": after = reader.array { $0.integer() }
            case "last": last = reader.boolean()
            default: return reader.skip()
            }
            return reader.isValid
        }
        guard read, reader.atEnd, let file else { return nil }
        self.init(file: file, after: after, last: last)
    }
}

extension TestCall {
    fileprivate init?(reading reader: inout JSONReader) {
        var name: String?
        var location: String?
        var resume: [Int]?
        let read = reader.members { reader, key in
            switch key {
            case "name": name = reader.string()
            case "location": location = reader.string()
            case "resume": resume = reader.array { $0.integer() }
            default: return reader.skip()
            }
            return reader.isValid
        }
        guard read, let name else { return nil }
        self.init(name: name, location: location, resume: resume)
    }
}

extension TestResult {
    fileprivate init?(reading reader: inout JSONReader) {
        var name: String?
        var location: String?
        var status: Status?
        var failure: Failure?
        var reason: String?
        var block: Bool?
        var errors: [ScriptError] = []
        var file: String?
        var duration: Double?
        var snapshots: [SnapshotUse]?
        let read = reader.members { reader, key in
            switch key {
            case "name": name = reader.string()
            case "location": location = reader.string()
            case "status": status = reader.string().flatMap(Status.init(rawValue:))
            case "failure": failure = reader.object(Failure.init(reading:))
            case "reason": reason = reader.string()
            case "block": block = reader.boolean()
            case "errors": errors = reader.array { reader in reader.object(ScriptError.init(reading:)) } ?? []
            case "file": file = reader.string()
            case "duration": duration = reader.number()
            case "snapshots": snapshots = reader.array { reader in reader.object(SnapshotUse.init(reading:)) }
            default: return reader.skip()
            }
            return reader.isValid
        }
        guard read, let name, let status else { return nil }
        self.init(name: name, location: location, status: status, failure: failure, reason: reason, block: block, errors: errors)
        self.file = file
        self.duration = duration
        self.snapshots = snapshots
    }
}

extension TestResult.Failure {
    fileprivate init?(reading reader: inout JSONReader) {
        var message: String?
        var location: String?
        var traceback: String?
        var output: String?
        let read = reader.members { reader, key in
            switch key {
            case "message": message = reader.string()
            case "location": location = reader.string()
            case "traceback": traceback = reader.string()
            case "output": output = reader.string()
            default: return reader.skip()
            }
            return reader.isValid
        }
        guard read else { return nil }
        self.init(message: message ?? "", location: location, traceback: traceback, output: output)
    }
}

extension TestResult.ScriptError {
    fileprivate init?(reading reader: inout JSONReader) {
        var context: String?
        var message: String?
        var traceback: String?
        let read = reader.members { reader, key in
            switch key {
            case "context": context = reader.string()
            case "message": message = reader.string()
            case "traceback": traceback = reader.string()
            default: return reader.skip()
            }
            return reader.isValid
        }
        guard read else { return nil }
        self.init(context: context ?? "", message: message ?? "", traceback: traceback)
    }
}

extension TestResult.SnapshotUse {
    fileprivate init?(reading reader: inout JSONReader) {
        var path: String?
        var change: Change?
        let read = reader.members { reader, key in
            switch key {
            case "path": path = reader.string()
            case "change": change = reader.string().flatMap(Change.init(rawValue:))
            default: return reader.skip()
            }
            return reader.isValid
        }
        guard read, let path else { return nil }
        self.init(path: path, change: change)
    }
}

extension Coverage {
    /// `{"lines": {"@path": [1, 2], ...}}`, as ``JSONLine`` writes it.
    fileprivate init?(reading reader: inout JSONReader) {
        var lines: [String: [Int]] = [:]
        let read = reader.members { reader, key in
            guard key == "lines" else { return reader.skip() }
            _ = reader.members { reader, name in
                lines[name] = reader.array { $0.integer() } ?? []
                return reader.isValid
            }
            return reader.isValid
        }
        guard read else { return nil }
        self.init()
        add(lines)
    }
}

/// Reads JSON from bytes, a value at a time, into what the caller asks for.
///
/// Each reading method takes the next value: when it is of the kind asked for, it returns
/// it; when it is of another kind, it skips it and returns nil; when the bytes are not JSON
/// there, it returns nil and the reader is no longer valid (``isValid``), which ends every
/// object and array around it.
struct JSONReader {
    private let bytes: ArraySlice<UInt8>
    private var index: Int
    /// Whether everything read so far was JSON.
    private(set) var isValid = true

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    /// Whether only white space is left, and what came before was JSON.
    var atEnd: Bool {
        mutating get {
            skipSpace()
            return isValid && index == bytes.endIndex
        }
    }

    private mutating func skipSpace() {
        while index < bytes.endIndex {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The next byte that is not white space, not taken.
    private mutating func peek() -> UInt8? {
        skipSpace()
        return index < bytes.endIndex ? bytes[index] : nil
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    private mutating func fail<T>() -> T? {
        isValid = false
        return nil
    }

    private mutating func invalid() -> Bool {
        isValid = false
        return false
    }

    // MARK: - Values

    /// Reads an object, handing each member's key to `member`, which reads its value (or
    /// skips it) and returns whether the reader is still valid.
    /// - Returns: whether an object was read whole.
    mutating func members(_ member: (inout JSONReader, String) -> Bool) -> Bool {
        guard isValid, take(UInt8(ascii: "{")) else { return invalid() }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            skipSpace()
            guard let key = rawString(), take(UInt8(ascii: ":")), member(&self, key), isValid else { return invalid() }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) || invalid()
    }

    /// An object made by `make`, or nil (the object skipped) when it is not an object.
    mutating func object<T>(_ make: (inout JSONReader) -> T?) -> T? {
        guard peek() == UInt8(ascii: "{") else { return skipped() }
        return make(&self)
    }

    /// An array of what `item` makes of each element (those it makes nil of left out), or
    /// nil when it is not an array.
    mutating func array<T>(_ item: (inout JSONReader) -> T?) -> [T]? {
        guard isValid, peek() == UInt8(ascii: "[") else { return skipped() }
        index += 1
        var items: [T] = []
        if take(UInt8(ascii: "]")) { return items }
        repeat {
            if let made = item(&self) { items.append(made) }
            guard isValid else { return nil }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? items : fail()
    }

    mutating func string() -> String? {
        guard peek() == UInt8(ascii: "\"") else { return skipped() }
        return rawString() ?? fail()
    }

    mutating func boolean() -> Bool? {
        switch peek() {
        case UInt8(ascii: "t"): return literal("true") ? true : fail()
        case UInt8(ascii: "f"): return literal("false") ? false : fail()
        default: return skipped()
        }
    }

    /// A number without a fraction or exponent that fits an Int.
    mutating func integer() -> Int? {
        guard let first = peek(), Self.isNumberByte(first) else { return skipped() }
        return numberText().flatMap { Int($0) }
    }

    mutating func number() -> Double? {
        guard let first = peek(), Self.isNumberByte(first) else { return skipped() }
        return numberText().flatMap { Double($0) }
    }

    /// Skips the next value, whatever it is.
    /// - Returns: whether it was JSON.
    mutating func skip() -> Bool {
        guard isValid, let first = peek() else { return invalid() }
        switch first {
        case UInt8(ascii: "{"):
            return members { reader, _ in reader.skip() }
        case UInt8(ascii: "["):
            _ = array { reader -> Never? in
                _ = reader.skip()
                return nil
            }
            return isValid
        case UInt8(ascii: "\""):
            return rawString() != nil || invalid()
        case UInt8(ascii: "t"):
            return literal("true") || invalid()
        case UInt8(ascii: "f"):
            return literal("false") || invalid()
        case UInt8(ascii: "n"):
            return literal("null") || invalid()
        default:
            return numberText() != nil
        }
    }

    /// Nil for a value of another kind than asked, which is skipped.
    private mutating func skipped<T>() -> T? {
        _ = skip()
        return nil
    }

    private mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.endIndex - index >= count else { return false }
        let matches = text.withUTF8Buffer { expected in bytes[index..<index + count].elementsEqual(expected) }
        if matches { index += count }
        return matches
    }

    /// The text of a number at the reader, which is taken; nil (and the reader invalid) when
    /// none is there.
    private mutating func numberText() -> String? {
        skipSpace()
        let start = index
        while index < bytes.endIndex, Self.isNumberByte(bytes[index]) { index += 1 }
        guard index > start else { return fail() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
             UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default:
            false
        }
    }

    /// A string at the reader (its opening quote), escapes undone; nil when there is none or
    /// it does not end.
    private mutating func rawString() -> String? {
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        let first = index
        // Most strings have no escape: their bytes are the text.
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes[first..<index - 1], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            index += 1
        }
        var text = Array(bytes[first..<index])
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: text, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
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
                    scalar = 0x10000 &+ ((UInt32(unit) - 0xD800) << 10) &+ (UInt32(low) &- 0xDC00)
                }
                text += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            default: text.append(escape)
            }
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
