import LuaBridge
import ScreenScript

extension ReplSession {
    /// The words that may replace the last word of `line` (the text before the cursor):
    /// `:commands` at the start of a line, else globals, fields and methods along an
    /// `a.b.c:d` path, each as the whole word (`ui.NavigationController`). Reads Lua only
    /// through raw access: a script's metatables cannot make it hang or fail.
    public func completions(for line: String) -> [String] {
        ReplCompletion(lua: lua, catalog: ScriptClassCatalog(host: host), commands: Self.commands.map { ":" + $0.name })
            .completions(for: line)
    }
}

/// Tab completion for the REPL (see ``ReplSession/completions(for:)``).
///
/// A path is followed with raw reads only (``LuaState/rawMembers(along:functionsOnly:)``):
/// no `__index` function, `__pairs` or getter runs. A Swift object offers its class's
/// members, inherited ones included (the bindings' definitions, ``ScriptClassCatalog``), and
/// the fields a script gave it; a class table offers its class's members.
struct ReplCompletion {
    let lua: LuaState
    /// The host's classes, whose members a Swift object or class table offers.
    let catalog: ScriptClassCatalog
    let commands: [String]

    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    func completions(for line: String) -> [String] {
        let word = LineEditor.completionWord(line)
        let before = String(decoding: line.utf8.dropLast(word.utf8.count), as: UTF8.self)
        if word.hasPrefix(":") {
            guard before.allSatisfy(\.isWhitespace) else { return [] }
            return commands.filter { $0.hasPrefix(word) }.sorted()
        }
        // `a.b.c:d`: the path a, b, c, the separator and the prefix d.
        let separatorIndex = word.lastIndex { $0 == "." || $0 == ":" }
        let head = separatorIndex.map { String(word[..<$0]) } ?? ""
        let prefix = separatorIndex.map { String(word[word.index(after: $0)...]) } ?? word
        let methodsOnly = separatorIndex.map { word[$0] == ":" } ?? false
        let path = head.isEmpty ? [] : head.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard path.allSatisfy(Self.isName), prefix.isEmpty || Self.isName(prefix) || Self.isNamePrefix(prefix) else { return [] }
        if separatorIndex != nil && path.isEmpty { return [] }

        guard let found = lua.rawMembers(along: path, functionsOnly: methodsOnly) else { return [] }
        var names = found.names
        if let name = found.className {
            names.formUnion(methodsOnly ? catalog.methods(of: name) : catalog.members(of: name))
        }
        let start = head.isEmpty ? "" : head + (methodsOnly ? ":" : ".")
        // Metamethods and other `__` names only when asked for.
        let hidden = !prefix.hasPrefix("__")
        return names.filter { $0.hasPrefix(prefix) && Self.isName($0) && !(hidden && $0.hasPrefix("__")) }
            .sorted().map { start + $0 }
    }

    // MARK: - Names

    static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return text.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            && !keywords.contains(text)
    }

    /// A prefix of a name: a keyword is one (`whi` of `while`... and `end` of `ending`).
    static func isNamePrefix(_ text: String) -> Bool {
        keywords.contains(text) || isName(text + "x")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
