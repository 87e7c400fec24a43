import LuaBridge
import ScreenScript

/// The Lua chunks every test file's fresh state loads — the runner's own modules, and
/// luassert with what it requires — compiled once per process and kept as bytecode, with their debug
/// information, so that names, lines and tracebacks stay the same. Loading bytecode takes a
/// sixth of the time compiling the source takes, and compiling these was most of what a
/// small test file cost.
enum ChunkCache {
    /// Bytecode by chunk name: `@screentest/runner.lua`, or `@` and the path of a module
    /// file found on `package.path`.
    private static var chunks: [String: [UInt8]] = [:]
    /// The state allowed to add chunks now: the one whose suite is starting, while none of
    /// its test file's code has run (see ``keeping(in:_:)``). A file's own code can reach
    /// the function that keeps chunks (through `require` and `debug.getupvalue`);
    /// what it handed over would be loaded as bytecode by every later file of the process,
    /// and bytecode is not checked, so outside that window nothing is kept.
    private static var keepingState: ObjectIdentifier?

    /// Runs `body` — the start of a suite, before the test file's code — with chunks kept
    /// for `lua`.
    static func keeping<T>(in lua: LuaState, _ body: () throws -> T) rethrows -> T {
        keepingState = ObjectIdentifier(lua)
        defer { keepingState = nil }
        return try body()
    }

    /// Compiles and keeps the chunks a suite's start loads: the runner's modules
    /// (``warmUpRunner(in:)``) and luassert's (``warmUpLuassert()``).
    static func warmUp() {
        guard let lua = try? LuaState(libraries: .all) else { return }
        warmUpRunner(in: lua)
        warmUpLuassert()
    }

    /// Compiles and keeps the runner's modules in `lua`, where it only loads them: `lua` may
    /// be the state of a file to come, in which nothing then ran.
    static func warmUpRunner(in lua: LuaState) {
        keeping(in: lua) { RunnerModules.compileAll(in: lua) }
    }

    /// Compiles and keeps, in a state of its own, luassert and say where `package.path`
    /// finds them by an absolute path (as a suite's state finds them, unless a path given to
    /// the run or the file's folder holds modules of those names, which it then compiles
    /// itself). Running luassert's modules there is all it does: no test code runs in that
    /// state.
    static func warmUpLuassert() {
        guard let lua = try? LuaState(libraries: .all) else { return }
        keeping(in: lua) {
            guard let searcher = try? helpers(in: lua).get("searcher", as: LuaValue.self) else { return }
            _ = try? lua.load(warmUpSource, name: "=screentest.chunks").call(searcher)
        }
    }

    /// The names of the chunks kept.
    static var keptNames: Set<String> { Set(chunks.keys) }

    /// All the chunks kept, each as its name's length (4 bytes, little-endian), its name,
    /// its code's length and its code: what ``keep(serialized:)`` takes.
    static func serialized() -> [UInt8] {
        var bytes: [UInt8] = []
        for (name, code) in chunks {
            for part in [Array(name.utf8), code] {
                withUnsafeBytes(of: UInt32(part.count).littleEndian) { bytes.append(contentsOf: $0) }
                bytes.append(contentsOf: part)
            }
        }
        return bytes
    }

    /// Keeps the chunks of ``serialized()``'s bytes, from a process forked from this one (see
    /// ``TestWorker``), before any test code runs: a chunk already kept stays, an entry cut
    /// short is left out.
    static func keep(serialized bytes: [UInt8]) {
        var offset = 0
        func part() -> [UInt8]? {
            guard bytes.count - offset >= 4 else { return nil }
            let count = bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
            guard bytes.count - offset - 4 >= count else { return nil }
            defer { offset += 4 + count }
            return Array(bytes[offset + 4..<offset + 4 + count])
        }
        while let name = part(), let code = part() {
            let name = String(decoding: name, as: UTF8.self)
            if chunks[name] == nil { chunks[name] = code }
        }
    }

    private static let warmUpSource = """
        local searcher = ...
        local absolute = {}
        for entry in package.path:gmatch("[^;]+") do
          if entry:sub(1, 1) == "/" then absolute[#absolute + 1] = entry end
        end
        package.path = table.concat(absolute, ";")
        table.insert(package.searchers, 2, searcher)
        for _, name in ipairs({ "luassert", "luassert.state", "luassert.spy", "luassert.stub", "luassert.mock",
                                "luassert.match", "say" }) do
          pcall(require, name)
        end
        """

    /// Loads the bytecode kept as the chunk `name`, or compiles `source` (asked for only
    /// then) as that chunk and keeps it.
    ///
    /// - Throws: ``LuaError`` of kind `.syntax` when the source does not compile, what
    ///   `source` throws.
    static func compile(_ name: String, in lua: LuaState, source: () throws -> String) throws -> LuaFunction {
        if let chunk = kept(name, in: lua) { return chunk }
        let chunk = try lua.load(try source(), name: name)
        try helpers(in: lua).get("keep", as: LuaFunction.self).call(name, chunk)
        return chunk
    }

    /// The module `screentest.chunks`: a searcher for `package.searchers` that finds the
    /// modules of luassert, say and term on `package.path` as Lua's own searcher does, and loads
    /// them through the cache; it says nothing of the other modules, nor of those it does
    /// not find, which Lua's searcher after it then reports.
    static let module = ScriptModule(name: "screentest.chunks", isGlobal: false) { host in
        try helpers(in: host.lua).get("searcher", as: LuaValue.self)
    }

    /// The chunk kept under `name`, loaded in `lua`.
    private static func kept(_ name: String, in lua: LuaState) -> LuaFunction? {
        guard let bytes = chunks[name] else { return nil }
        return try? lua.load(bytes: bytes, name: name, mode: .binary)
    }

    private static func helpers(in lua: LuaState) throws -> LuaTable {
        let load = lua.function { [unowned lua] args -> LuaFunction? in kept(try args.get(1, as: String.self), in: lua) }
        let keep = lua.function { [unowned lua] args -> Void in
            guard keepingState == ObjectIdentifier(lua), case .string(let code) = args[2] else { return }
            let name = try args.get(1, as: String.self)
            // The first kept wins: what the runner compiled before any test code ran.
            if chunks[name] == nil { chunks[name] = code.bytes }
        }
        return try lua.load(helpersSource, name: "=screentest.chunks").call(load, keep, returning: LuaTable.self)
    }

    private static let helpersSource = """
        local kept, keep = ...
        local loadfile, dump, searchpath, match, type, error = loadfile, string.dump, package.searchpath, string.match, type, error
        local package = package
        local helpers = {}
        function helpers.keep(name, chunk)
          keep(name, dump(chunk))
        end
        -- luassert and what it requires: say, and term (whether the output is a terminal).
        local cachedRoots = { luassert = true, say = true, term = true }
        local function cached(name)
          return cachedRoots[match(name, "^[^.]*")] == true
        end
        -- What requiring a module of theirs that is not installed gives (luassert asks for
        -- term with pcall): the error, at once. Passed on, the name would reach the
        -- registry's searcher, which reads the plugin folders for a name it does not know.
        local function absent(name)
          return function() error("module '" .. name .. "' not found", 2) end
        end
        function helpers.searcher(name)
          if type(name) ~= "string" or not cached(name) or type(package.path) ~= "string" then return nil end
          local path = searchpath(name, package.path)
          if not path then
            local cpath = package.cpath
            if type(cpath) == "string" and searchpath(name, cpath) then return nil end
            return absent(name), ":absent"
          end
          local chunk = kept("@" .. path)
          if not chunk then
            chunk = loadfile(path, "t")
            if not chunk then return nil end
            helpers.keep("@" .. path, chunk)
          end
          return chunk, path
        end
        return helpers
        """
}
