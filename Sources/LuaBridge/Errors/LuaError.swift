/// An error raised by Lua code or by loading it, with where it happened.
///
/// `description` reads like the standalone interpreter's report:
/// ```
/// main.lua:12: attempt to index a nil value (local 'entry')
/// stack traceback:
///         main.lua:12: in function 'update'
///         ...
/// ```
nonisolated public struct LuaError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of failure this was. Loading failures (`syntax`, `file`) are told apart
    /// from failures while running.
    public enum Kind: String, Sendable {
        /// The chunk did not compile.
        case syntax
        /// The file could not be read.
        case file
        /// An error raised while running (`error(...)`, a failed operation, a Swift function).
        case runtime
        /// The memory cap (or the system) refused an allocation.
        case memory
        /// The call ran more instructions than its budget allows.
        case instructionBudget
        /// The call used more CPU time than its limit allows (``LuaLimits/cpuSeconds``).
        case cpuTimeLimit
        /// The message handler itself failed.
        case messageHandler
        /// A value Lua returned could not be converted to what Swift asked for.
        case conversion
    }

    public var kind: Kind
    /// The message as Lua gave it, including its `file:line:` prefix when it has one.
    public var message: String
    /// The `stack traceback:` block, when one was recorded.
    public var traceback: String?

    public init(kind: Kind, message: String, traceback: String? = nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

    /// Where the error was raised, parsed from the message (`main.lua:12`).
    public var location: LuaSourceLocation? { LuaSourceLocation(prefixOf: message) }

    /// The message without its location prefix.
    public var reason: String {
        guard let location else { return message }
        return String(message.dropFirst(location.description.count + 2))
    }

    public var description: String {
        guard let traceback, !traceback.isEmpty else { return message }
        return message + "\n" + traceback
    }

    /// The error with its traceback cut to code a script author wrote: the frames of the
    /// chunks named (a host's own Lua, loaded as `"=name"`, which the author neither wrote
    /// nor can act on) go, and so do a C function that called into them or was called by
    /// them (the `error` that raised it) and the tail calls they made.
    ///
    /// ```
    /// stack traceback:                                stack traceback:
    ///     [C]: in function 'error'                        main.lua:9: in function <main.lua:1>
    ///     luabridge:87: in function <luabridge:69>   →
    ///     main.lua:9: in function <main.lua:1>
    /// ```
    public func hidingFrames(of chunks: Set<String>) -> LuaError {
        guard let traceback, !chunks.isEmpty else { return self }
        var lines = traceback.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "stack traceback:" else { return self }
        lines.removeFirst()
        let hidden = lines.map { line in Self.chunk(of: line).map(chunks.contains) ?? false }
        var kept: [String] = []
        for (index, line) in lines.enumerated() where !hidden[index] {
            let isGlue = line.hasPrefix("\t[C]:") || line == "\t(...tail calls...)"
            let besideHidden = (index > 0 && hidden[index - 1]) || (index + 1 < lines.count && hidden[index + 1])
            if isGlue && besideHidden { continue }
            kept.append(line)
        }
        var trimmed = self
        trimmed.traceback = kept.isEmpty ? nil : (["stack traceback:"] + kept).joined(separator: "\n")
        return trimmed
    }

    /// The chunk a traceback line names: `luabridge` for `\tluabridge:87: in function ...`.
    private static func chunk(of line: String) -> String? {
        guard line.hasPrefix("\t"), !line.hasPrefix("\t[") else { return nil }
        let body = line.dropFirst()
        guard let colon = body.firstIndex(of: ":") else { return nil }
        let afterColon = body[body.index(after: colon)...]
        guard afterColon.first?.isNumber == true || afterColon.hasPrefix(" in ") else { return nil }
        return String(body[..<colon])
    }
}

/// A `chunk:line` position as Lua prints it.
nonisolated public struct LuaSourceLocation: CustomStringConvertible, Equatable, Sendable {
    /// The chunk as Lua names it in messages: a path, or `[string "..."]`.
    public var chunk: String
    public var line: Int

    public init(chunk: String, line: Int) {
        self.chunk = chunk
        self.line = line
    }

    /// Parses the `chunk:line: ` prefix Lua puts before messages.
    init?(prefixOf message: String) {
        let rest = Substring(message)
        // A chunk name can itself contain ':' (`[string "a:b"]`), so look for ":<digits>: ".
        var searchStart = rest.startIndex
        while let colon = rest[searchStart...].firstIndex(of: ":") {
            let afterColon = rest.index(after: colon)
            let digits = rest[afterColon...].prefix(while: \.isASCIIDigitCharacter)
            let end = digits.endIndex
            if !digits.isEmpty, rest[end...].hasPrefix(": "), let line = Int(digits) {
                let chunk = String(rest[..<colon])
                if chunk.isEmpty || chunk.contains("\n") { return nil }
                self.init(chunk: chunk, line: line)
                return
            }
            searchStart = afterColon
            if rest[..<colon].contains("\n") { break }
        }
        return nil
    }

    public var description: String { "\(chunk):\(line)" }
}

nonisolated extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
