import CLua
import LuaShim

/// A file of the host's own Lua, from a target's ``LuaResourceFolder``, loaded under the
/// chunk name that messages and tracebacks show (`=plugins`, `=ui`): the name a host's own
/// frames are hidden by.
///
/// The file is read once per process, when first used: keep it in a `static let`. The first
/// state to load it compiles the text; the second compiles it once more and keeps the
/// bytecode, with its debug information (names, lines), which that state and every later one
/// load. Loading bytecode is much cheaper than compiling the text, which screens-bench's
/// `host:` figure holds to its target, while a process of one state (`screens run`) pays
/// for no dump it would never load. Only the host's own code loads bytecode; scripts still
/// load text only.
///
/// ```swift
/// static let sandbox = LuaResourceChunk("sandbox.lua", name: "=plugins", in: .screenScript)
/// let loader = try sandbox.load(in: lua, environment: environment).call(returning: LuaTable.self)
/// ```
public final class LuaResourceChunk {
    /// The file, relative to its target's `Lua` folder.
    public let file: String
    /// The chunk name: `=name`, shown as it is.
    public let name: String
    /// The file's text, or why there is none (the file is missing or cannot be read).
    private let source: Result<[UInt8], LuaError>
    /// The chunk's bytecode, once a second state loads it, or why there is none (the text
    /// does not compile).
    private var bytecode: Result<[UInt8], LuaError>?
    /// Whether a state has compiled the text already.
    private var wasCompiled = false

    /// Reads the file: a `static let` does so when it is first used.
    public init(_ file: String, name: String, in folder: LuaResourceFolder) {
        self.file = file
        self.name = name
        source = Result { () throws(LuaError) in try folder.contents(of: file) }
    }

    /// The chunk, compiled for `lua`.
    ///
    /// - Parameter environment: the table the chunk sees as `_ENV`; the globals when nil.
    /// - Throws: ``LuaError`` of kind `.file` when the file is missing, `.syntax` when it does
    ///   not compile.
    public func load(in lua: LuaState, environment: LuaTable? = nil) throws(LuaError) -> LuaFunction {
        let text = try source.get()
        if bytecode == nil && !wasCompiled {
            wasCompiled = true
            return try lua.load(bytes: text, name: name, mode: .text, environment: environment)
        }
        let code = bytecode ?? Result { () throws(LuaError) in try Self.compile(text, name: name) }
        bytecode = code
        return try lua.load(bytes: try code.get(), name: name, mode: .binary, environment: environment)
    }

    /// The table the chunk returns, run once per state (later calls give the same table): a
    /// module of functions. What the chunk itself takes of the globals, it takes then.
    ///
    /// - Throws: ``LuaError`` as ``load(in:environment:)`` does, or the chunk's own.
    public func module(in lua: LuaState) throws(LuaError) -> LuaTable {
        let key = ObjectIdentifier(self)
        if let module = lua.resourceModules[key] { return module }
        let module = try load(in: lua).call(returning: LuaTable.self)
        lua.resourceModules[key] = module
        return module
    }

    /// The function `name` of the chunk's ``module(in:)``.
    ///
    /// - Throws: ``LuaError`` as ``module(in:)`` does, or when the module has no such function.
    public func function(_ name: String, in lua: LuaState) throws(LuaError) -> LuaFunction {
        guard let function = try module(in: lua)[name].functionValue else {
            throw LuaError(kind: .runtime, message: "\(file) has no function '\(name)'")
        }
        return function
    }

    /// Compiles `source` as the chunk `name` in a state of its own, and dumps it.
    private static func compile(_ source: [UInt8], name: String) throws(LuaError) -> [UInt8] {
        guard let L = lsh_newstate(0) else { throw LuaError(kind: .memory, message: "not enough memory to compile \(name)") }
        defer { lsh_close(L) }
        // A trailing zero gives an empty file a valid address; the size leaves it out.
        let status = (source + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                lsh_load(L, chars.baseAddress, chars.count - 1, name, LuaChunkMode.text.rawValue)
            }
        }
        guard status == LUA_OK else {
            throw LuaError(kind: status == LUA_ERRMEM ? .memory : .syntax, message: lua_swiftstring(L, -1) ?? "cannot load \(name)")
        }
        var bytecode: [UInt8] = []
        _ = withUnsafeMutablePointer(to: &bytecode) { bytecode in
            lua_dump(L, { _, bytes, size, bytecode in
                guard let bytes, let bytecode else { return 1 }
                bytecode.assumingMemoryBound(to: [UInt8].self).pointee
                    .append(contentsOf: UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: size))
                return 0
            }, bytecode, 0)
        }
        return bytecode
    }
}
