/// A worker's events written as JSON by hand, in the form `JSONDecoder` reads into a
/// ``WorkerEvent`` (the properties' names as keys, optionals left out when nil): the first
/// use of `JSONEncoder` in a process costs a test worker about as much as running its first
/// small test file (it builds the coding types of every event, result and failure), and a
/// worker's first file is where that counts. The parent reads them back by hand too (see
/// WorkerEvent+Reading.swift).
extension WorkerEvent {
    /// The event as one line: its JSON and a newline.
    var line: [UInt8] {
        var json = JSONLine()
        json.open("{")
        json.key("kind")
        json.string(kind.rawValue)
        if let call {
            json.key("call")
            json.write(call)
        }
        if let started, let value = Int(exactly: started) {
            json.key("started")
            json.number(value)
        }
        if let result {
            json.key("result")
            json.write(result)
        }
        if let output {
            json.key("output")
            json.string(output)
        }
        if let snapshots {
            json.key("snapshots")
            json.write(snapshots)
        }
        if let coverage {
            json.key("coverage")
            json.write(coverage)
        }
        json.close("}")
        json.bytes.append(UInt8(ascii: "\n"))
        return json.bytes
    }
}

extension WorkerRequest {
    /// The request as one line, written as the parent's `JSONEncoder` would: a worker
    /// reads one for every file.
    var line: [UInt8] {
        var json = JSONLine()
        json.open("{")
        json.key("file")
        json.string(file)
        json.optional("after", after)
        json.optional("last", last)
        json.close("}")
        json.bytes.append(UInt8(ascii: "\n"))
        return json.bytes
    }
}

/// JSON written a piece at a time: objects and arrays opened and closed, keys, and values.
struct JSONLine {
    var bytes: [UInt8] = []
    /// For each object or array open, whether it has an entry yet.
    private var entries: [Bool] = []

    init() {
        bytes.reserveCapacity(256)
    }

    /// `{` or `[`.
    mutating func open(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(truncatingIfNeeded: bracket.value))
        entries.append(false)
    }

    /// `}` or `]`.
    mutating func close(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(truncatingIfNeeded: bracket.value))
        entries.removeLast()
    }

    /// Before an entry of the object or array open: the comma after the one before.
    mutating func entry() {
        guard let last = entries.indices.last else { return }
        if entries[last] { bytes.append(UInt8(ascii: ",")) }
        entries[last] = true
    }

    /// `"name":`, an entry of the object open.
    mutating func key(_ name: String) {
        entry()
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A JSON string: `"` and `\` escaped, and the control characters. The runs of bytes
    /// between those go in whole.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                default:
                    bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
                    bytes += [Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]]
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    mutating func number(_ value: Int) {
        bytes += Array(String(value).utf8)
    }

    /// A finite number as Swift writes it (`0.25`, `1e-05`: JSON numbers both); JSON has no
    /// NaN or infinity, which are written `null`.
    mutating func number(_ value: Double) {
        bytes += Array((value.isFinite ? "\(value)" : "null").utf8)
    }

    // MARK: - The events' parts

    mutating func write(_ call: TestCall) {
        open("{")
        key("name")
        string(call.name)
        if let location = call.location {
            key("location")
            string(location)
        }
        optional("resume", call.resume)
        close("}")
    }

    mutating func write(_ result: TestResult) {
        open("{")
        key("name")
        string(result.name)
        optional("location", result.location)
        key("status")
        string(result.status.rawValue)
        if let failure = result.failure {
            key("failure")
            open("{")
            key("message")
            string(failure.message)
            optional("location", failure.location)
            optional("traceback", failure.traceback)
            optional("output", failure.output)
            close("}")
        }
        optional("reason", result.reason)
        key("errors")
        open("[")
        for error in result.errors {
            entry()
            open("{")
            key("context")
            string(error.context)
            key("message")
            string(error.message)
            optional("traceback", error.traceback)
            close("}")
        }
        close("]")
        optional("file", result.file)
        optional("duration", result.duration)
        if let snapshots = result.snapshots {
            key("snapshots")
            write(snapshots)
        }
        optional("block", result.block)
        close("}")
    }

    mutating func write(_ snapshots: [TestResult.SnapshotUse]) {
        open("[")
        for use in snapshots {
            entry()
            open("{")
            key("path")
            string(use.path)
            optional("change", use.change?.rawValue)
            close("}")
        }
        close("]")
    }

    /// `{"lines":{"@path":[1,2],...}}`, as `JSONDecoder` reads a ``Coverage``.
    mutating func write(_ coverage: Coverage) {
        open("{")
        key("lines")
        open("{")
        for (name, lines) in coverage.lines {
            key(name)
            open("[")
            for line in lines.sorted() {
                entry()
                number(line)
            }
            close("]")
        }
        close("}")
        close("}")
    }

    /// `"name":"value"` when there is a value.
    mutating func optional(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    // MARK: - Entries of the kinds the messages have

    mutating func optional(_ name: String, _ value: Int?) {
        guard let value else { return }
        key(name)
        number(value)
    }

    mutating func optional(_ name: String, _ value: Double?) {
        guard let value else { return }
        key(name)
        number(value)
    }

    mutating func optional(_ name: String, _ value: Bool?) {
        guard let value else { return }
        boolean(name, value)
    }

    mutating func optional(_ name: String, _ values: [Int]?) {
        guard let values else { return }
        key(name)
        open("[")
        for value in values {
            entry()
            number(value)
        }
        close("]")
    }

    mutating func boolean(_ name: String, _ value: Bool) {
        key(name)
        bytes += value ? Array("true".utf8) : Array("false".utf8)
    }

    mutating func strings(_ name: String, _ values: [String]) {
        key(name)
        open("[")
        for value in values {
            entry()
            string(value)
        }
        close("]")
    }
}
