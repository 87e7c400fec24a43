import CLua
import LuaShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a chunk may be loaded.
public enum LuaChunkMode: String, Sendable {
    /// Source text only: binary chunks are refused.
    case text = "t"
    /// Precompiled binary chunks only.
    case binary = "b"
    /// Either.
    case any = "bt"
}

extension LuaState {
    /// The global table.
    public var globals: LuaTable {
        let L = currentThread
        return withStackEffect(L, 0) {
            LuaStack(L, self).reserve(1)
            lua_rawgeti(L, lsh_registryindex, lua_Integer(LUA_RIDX_GLOBALS))
            return LuaTable(popping: L, state: self)
        }
    }

    /// Creates an empty table.
    public func newTable() -> LuaTable {
        let L = currentThread
        return withStackEffect(L, 0) {
            LuaStack(L, self).reserve(1)
            lua_createtable(L, 0, 0)
            return LuaTable(popping: L, state: self)
        }
    }

    // MARK: - Loading

    /// Compiles a chunk without running it.
    ///
    /// - Parameters:
    ///   - code: the source text (or a binary chunk, when `mode` allows it).
    ///   - name: the chunk name Lua uses in messages: `"@path"` for a file, `"=name"` for a
    ///     name shown as it is, or the source itself.
    ///   - mode: whether binary chunks are accepted; text only by default.
    ///   - environment: the table the chunk sees as `_ENV`; the globals when nil.
    /// - Throws: ``LuaError`` of kind `.syntax` (or `.memory`).
    public func load(
        _ code: String, name: String, mode: LuaChunkMode = .text, environment: LuaTable? = nil
    ) throws(LuaError) -> LuaFunction {
        try load(bytes: Array(code.utf8), name: name, mode: mode, environment: environment)
    }

    /// Compiles a file. A UTF-8 byte order mark at its start is skipped, and so is a first
    /// line starting with `#` (a shebang), as `lua` does.
    ///
    /// - Throws: ``LuaError`` of kind `.file` when the file cannot be read, `.syntax` when it
    ///   does not compile.
    public func load(file path: String, mode: LuaChunkMode = .text, environment: LuaTable? = nil) throws(LuaError) -> LuaFunction {
        var bytes = try Self.readFile(path)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
        }
        if bytes.first == UInt8(ascii: "#") {
            // Keep the newline so that line numbers stay right.
            let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            bytes.removeSubrange(bytes.startIndex..<end)
        }
        return try load(bytes: bytes, name: "@" + path, mode: mode, environment: environment)
    }

    /// Compiles a chunk given as bytes: a binary chunk (`string.dump`'s, which only code
    /// the host trusts may give: a made-up one can crash Lua) when `mode` allows it.
    public func load(bytes: [UInt8], name: String, mode: LuaChunkMode = .text, environment: LuaTable? = nil) throws(LuaError) -> LuaFunction {
        let L = prepareCall()
        return try withStackEffect(L, 0) { () throws(LuaError) -> LuaFunction in
            LuaStack(L, self).reserve(3)
            // A trailing zero gives an empty chunk a valid address; the size leaves it out.
            let status = (bytes + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    lsh_load(L, chars.baseAddress, chars.count - 1, name, mode.rawValue)
                }
            }
            guard status == LUA_OK else {
                let message = lua_swiftstring(L, -1) ?? "cannot load \(name)"
                lua_pop(L, 1)
                throw LuaError(kind: status == LUA_ERRMEM ? .memory : .syntax, message: message)
            }
            if let environment {
                environment.pushReferenced(on: L)
                // The main chunk's first upvalue is its _ENV.
                _ = lua_setupvalue(L, -2, 1)
            }
            return LuaFunction(popping: L, state: self)
        }
    }

    /// The file the Lua library was loaded from (the program's own when Lua is linked into
    /// it), or nil when the system cannot tell. Bytecode loads safely only into the build of
    /// Lua that wrote it: what keeps bytecode from one process to the next names this file.
    public static var libraryFile: String? {
        lsh_libraryfile().map { String(cString: $0) }
    }

    /// The bytes of the file at `path`.
    /// - Throws: ``LuaError`` of kind `.file` when it cannot be opened or read.
    static func readFile(_ path: String) throws(LuaError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LuaError(kind: .file, message: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { closeDescriptor(descriptor) }
        // A regular file is read in one go, into as much memory as it has bytes (one more, to
        // see its end); what has no size (a pipe) or grew meanwhile, in doubling reads.
        var info = stat()
        let isRegular = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        let size = isRegular && info.st_size > 0 ? Int(clamping: info.st_size) : 0
        var bytes: [UInt8] = []
        var wanted = size < Int.max ? size + 1 : size
        while true {
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: wanted))
            let count = bytes.withUnsafeMutableBufferPointer { buffer in
                read(descriptor, buffer.baseAddress! + start, wanted)
            }
            if count < 0 && errno == EINTR {
                bytes.removeLast(wanted)
                continue
            }
            guard count >= 0 else {
                throw LuaError(kind: .file, message: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            bytes.removeLast(wanted - count)
            // A regular file gives all it has: less than was asked is its end.
            if count == 0 || (isRegular && count < wanted) { return bytes }
            wanted = max(4096, bytes.count)
        }
    }

    // MARK: - Running

    /// Compiles and runs a chunk, returning its results.
    /// - Throws: ``LuaError``: `.syntax` when it does not compile, a run-time kind otherwise.
    @discardableResult
    public func run(_ code: String, name: String, environment: LuaTable? = nil) throws(LuaError) -> [LuaValue] {
        try load(code, name: name, environment: environment).callReturningAll()
    }

    /// Compiles and runs a file, returning its results.
    @discardableResult
    public func run(file path: String, environment: LuaTable? = nil) throws(LuaError) -> [LuaValue] {
        try load(file: path, environment: environment).callReturningAll()
    }

    /// Frees what Swift has dropped and returns the thread to call on.
    @inline(__always)
    func prepareCall() -> OpaquePointer {
        LuaState.prepareCall(lifetime)
    }

    /// The same, reached without retaining the state: hot paths hold it unowned.
    @usableFromInline
    @inline(__always)
    static func prepareCall(_ lifetime: LuaLifetime) -> OpaquePointer {
        precondition(lifetime.isOpen, "a Lua state was used after it was closed")
        if !lifetime.pendingReleases.isEmpty { releasePendingReferences(lifetime) }
        return lsh_current(lifetime.handle)
    }

    /// Calls the function below `arguments` arguments in protected mode.
    /// Stack: [-(arguments+1), +results, -]; on failure [-(arguments+1), +0, -].
    @usableFromInline
    @inline(__always)
    static func protectedCall(on L: OpaquePointer, arguments: Int32, results: Int32) throws(LuaError) {
        let status = lsh_pcall(L, arguments, results)
        if status != LUA_OK { throw popError(on: L, status: status) }
    }

    @inline(__always)
    func protectedCall(on L: OpaquePointer, arguments: Int32, results: Int32) throws(LuaError) {
        try LuaState.protectedCall(on: L, arguments: arguments, results: results)
    }

    /// Pops the message and traceback lsh_pcall left and makes them an error.
    @usableFromInline
    static func popError(on L: OpaquePointer, status: Int32) -> LuaError {
        let message = lua_swiftstring(L, -2) ?? "(error object is not a string)"
        let traceback = lua_swiftstring(L, -1)
        lua_pop(L, 2)
        let kind: LuaError.Kind
        switch status {
        case LUA_ERRMEM: kind = .memory
        case LUA_ERRERR: kind = .messageHandler
        case LSH_ERRBUDGET: kind = .instructionBudget
        case LSH_ERRCPU: kind = .cpuTimeLimit
        default: kind = .runtime
        }
        return LuaError(kind: kind, message: message, traceback: traceback)
    }
}

/// `close(2)`, which inside `LuaState` its own `close` would hide.
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}
