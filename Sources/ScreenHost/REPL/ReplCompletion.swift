import CLua
import LuaShim
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
/// A path is followed with raw reads only: a table's own fields, then through its
/// metatable's `__index` when that is a table (never a function: a script's `__index` may
/// loop or fail, and `__pairs` is never called), at most ``maxDepth`` tables deep, which
/// also ends cycles. A Swift object offers its class's members, inherited ones included (the
/// bindings' definitions, ``ScriptClassCatalog``), and the fields a script gave it; its
/// properties are not read, since a getter is code. A class table offers its class's members.
struct ReplCompletion {
    let lua: LuaState
    /// The host's classes, whose members a Swift object or class table offers.
    let catalog: ScriptClassCatalog
    let commands: [String]

    /// How many `__index` tables are followed from one value.
    static let maxDepth = 16
    /// How many keys of one table are looked at.
    static let maxKeys = 10_000

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

        let stack = lua.stack
        let L = stack.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 8) != 0 else { return [] }
        lua_rawgeti(L, lsh_registryindex, lua_Integer(LUA_RIDX_GLOBALS))
        for name in path {
            guard index(L, name) else { return [] }
        }
        var names: Set<String> = []
        collect(L, methodsOnly: methodsOnly, into: &names)
        let start = head.isEmpty ? "" : head + (methodsOnly ? ":" : ".")
        // Metamethods and other `__` names only when asked for.
        let hidden = !prefix.hasPrefix("__")
        return names.filter { $0.hasPrefix(prefix) && Self.isName($0) && !(hidden && $0.hasPrefix("__")) }
            .sorted().map { start + $0 }
    }

    // MARK: - Reading Lua raw

    /// Replaces the value on top with its field `name`, read raw (through `__index` tables);
    /// false, with the stack as it was, when there is none.
    private func index(_ L: OpaquePointer, _ name: String) -> Bool {
        let value = lua_gettop(L)
        switch lua_type(L, value) {
        case LUA_TTABLE:
            break
        case LUA_TUSERDATA where lua_getiuservalue(L, value, 1) == LUA_TTABLE:
            // The fields a script gave a Swift object (its field table): properties are code.
            replace(L, value)
        default:
            // Other userdata and strings: through their metatable's __index table (a file's
            // methods, the string library).
            lua_settop(L, value)
            guard lua_getmetatable(L, value) != 0, rawField(L, "__index") == LUA_TTABLE else {
                lua_settop(L, value)
                return false
            }
            replace(L, value)
            lua_settop(L, value)
        }
        for _ in 0..<Self.maxDepth {
            if rawField(L, name, of: value) != LUA_TNIL {
                replace(L, value)
                return true
            }
            pop(L, 1)
            guard lua_getmetatable(L, value) != 0 else { break }
            guard rawField(L, "__index") == LUA_TTABLE else { break }
            replace(L, value)
            lua_settop(L, value)
        }
        lua_settop(L, value - 1)
        return false
    }

    /// Pushes `table[name]` read raw, for the table on top or at `index`; its type.
    @discardableResult
    private func rawField(_ L: OpaquePointer, _ name: String, of index: Int32 = -1) -> Int32 {
        let table = lua_absindex(L, index)
        lua_pushstring(L, name)
        return lua_rawget(L, table)
    }

    /// Adds the names the value on top offers (leaves the stack as it was).
    private func collect(_ L: OpaquePointer, methodsOnly: Bool, into names: inout Set<String>) {
        let value = lua_gettop(L)
        defer { lua_settop(L, value) }
        switch lua_type(L, value) {
        case LUA_TTABLE:
            // A class table: its class's members.
            if let name = className(L, value) {
                names.formUnion(methodsOnly ? catalog.methods(of: name) : catalog.members(of: name))
            }
            collectTableChain(L, value, methodsOnly: methodsOnly, into: &names)
        case LUA_TUSERDATA:
            if lua_getmetatable(L, value) != 0, rawField(L, "__name") == LUA_TSTRING, let name = string(L, -1) {
                names.formUnion(methodsOnly ? catalog.methods(of: name) : catalog.members(of: name))
            }
            lua_settop(L, value)
            if lua_getiuservalue(L, value, 1) == LUA_TTABLE {
                collectTableChain(L, lua_gettop(L), methodsOnly: methodsOnly, into: &names)
            }
            lua_settop(L, value)
            if lua_getmetatable(L, value) != 0, rawField(L, "__index") == LUA_TTABLE {
                collectTableChain(L, lua_gettop(L), methodsOnly: methodsOnly, into: &names)
            }
        default:
            if lua_getmetatable(L, value) != 0, rawField(L, "__index") == LUA_TTABLE {
                collectTableChain(L, lua_gettop(L), methodsOnly: methodsOnly, into: &names)
            }
        }
    }

    /// The name of the class table at `index` (its `__index` is itself and it has a `__name`).
    private func className(_ L: OpaquePointer, _ index: Int32) -> String? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        rawField(L, "__index", of: index)
        guard lua_rawequal(L, -1, index) != 0, rawField(L, "__name", of: index) == LUA_TSTRING else { return nil }
        return string(L, -1)
    }

    /// The keys of the table at `index` and of the `__index` tables behind it.
    private func collectTableChain(_ L: OpaquePointer, _ index: Int32, methodsOnly: Bool, into names: inout Set<String>) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_pushvalue(L, index)
        var visited: [UnsafeRawPointer] = []
        for _ in 0..<Self.maxDepth {
            let table = lua_gettop(L)
            guard let pointer = lua_topointer(L, table), !visited.contains(pointer) else { return }
            visited.append(pointer)
            collectKeys(L, table, methodsOnly: methodsOnly, into: &names)
            guard lua_getmetatable(L, table) != 0, rawField(L, "__index") == LUA_TTABLE else { return }
            replace(L, table)
            lua_settop(L, table)
        }
    }

    /// The string keys of the table at `index` (with function values when `methodsOnly`).
    private func collectKeys(_ L: OpaquePointer, _ index: Int32, methodsOnly: Bool, into names: inout Set<String>) {
        lua_pushnil(L)
        var count = 0
        while lua_next(L, index) != 0 {
            count += 1
            if lua_type(L, -2) == LUA_TSTRING, !methodsOnly || lua_type(L, -1) == LUA_TFUNCTION, let key = string(L, -2) {
                names.insert(key)
            }
            pop(L, 1)
            if count >= Self.maxKeys {
                pop(L, 1)
                return
            }
        }
    }

    /// The string at `index`, without conversion (lua_tolstring would turn a number key
    /// into a string and break lua_next).
    private func string(_ L: OpaquePointer, _ index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    // lua_pop and lua_replace are macros, which Swift does not import.
    private func pop(_ L: OpaquePointer, _ count: Int32) { lua_settop(L, -count - 1) }
    private func replace(_ L: OpaquePointer, _ index: Int32) {
        lua_copy(L, -1, index)
        lua_settop(L, -2)
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
