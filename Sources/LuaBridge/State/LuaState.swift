import CLua
import LuaShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Lua 5.4 state: the globals, the loaded chunks and the Swift functions and objects the
/// scripts can reach.
///
/// Everything here runs on the main actor. Every call into Lua is protected: errors come
/// back as ``LuaError`` values with the message, position and traceback, and no Lua error
/// ever unwinds a Swift frame.
///
/// ```swift
/// let lua = try LuaState()
/// try lua.run("x = 6 * 7", name: "=demo")
/// let x = try lua.globals.get("x", as: Int.self)   // 42
/// ```
@MainActor
public final class LuaState {
    /// The main thread's `lua_State *`, for code that must use the C API directly.
    public let handle: OpaquePointer
    let lifetime: LuaLifetime

    /// The thread running the innermost Swift function called from Lua, or the main thread.
    /// Calls from Swift into Lua run on it, so that a Swift function called from a coroutine
    /// calls back on that coroutine's stack.
    var currentThread: OpaquePointer { lsh_current(handle) }

    /// Receives errors raised by scripts in callbacks that have no caller to return them to
    /// (a timer, an override called by a container), with the name of what raised it.
    /// The default writes both to standard error.
    public var errorHandler: (LuaError, String) -> Void = { error, context in
        printToStandardError("error in \(context): \(error)")
    }

    /// Stops the code running in this state from another thread (a watchdog's handle).
    /// Asked for on the state's thread, before the calls it is to stop: from then on each
    /// outermost call notes its thread, which the interrupter signals.
    public var interrupter: LuaInterrupter {
        lsh_trackcallthread(handle)
        return interrupterStorage
    }
    private let interrupterStorage: LuaInterrupter

    /// The object that runs this state (a host), for code that has only the state, or an
    /// object's ``LuaPeer``, and must find it. Weak: the owner owns the state.
    public weak var owner: AnyObject?

    var identityTable: Int32 = 0
    var prelude: Int32 = 0
    var binaryChunksAllowed = false
    /// What each ``LuaResourceChunk/module(in:)`` run in this state returned.
    var resourceModules: [ObjectIdentifier: LuaTable] = [:]
    var classes: [ObjectIdentifier: LuaRealizedClass] = [:]
    var classesByDynamicType: [ObjectIdentifier: LuaRealizedClass] = [:]
    /// Registers the classes an embedder made wait for their first use (a module that fills
    /// itself when first used): called once, the first time the state pushes or names an
    /// object whose class it has not registered, before it makes an anonymous class for it.
    public var registersDeferredClasses: (() -> Void)?

    /// The limits that protect the host; changes apply from the next call.
    public var limits: LuaLimits {
        didSet { applyLimits() }
    }

    /// Creates a state with the given standard libraries and limits.
    ///
    /// - Parameters:
    ///   - libraries: the standard libraries to open; the base library is always opened,
    ///     since the class system needs it.
    ///   - limits: the memory cap, the instruction budget and the CPU time per call from Swift.
    /// - Throws: ``LuaError`` when the state cannot be created.
    public init(libraries: LuaLibraries = .all, limits: LuaLimits = .none) throws(LuaError) {
        guard let L = lsh_newstate(0) else {
            throw LuaError(kind: .memory, message: "not enough memory to create a Lua state")
        }
        handle = L
        lifetime = LuaLifetime(handle: L)
        interrupterStorage = LuaInterrupter(handle: L)
        self.limits = limits
        let status = lsh_openlibs(L, libraries.union(.base).rawValue)
        // On failure, close() now (deinit will find the state closed).
        guard status == LUA_OK else {
            close()
            throw LuaError(kind: .memory, message: "cannot open the standard libraries (status \(status))")
        }
        identityTable = lsh_identitytable(L)
        do {
            try loadPrelude()
        } catch {
            close()
            throw error
        }
        applyLimits()
    }

    isolated deinit {
        close()
    }

    /// Closes the state: runs every pending finalizer and releases every Swift object and
    /// function Lua held. Using the state afterwards is a programming error, and so is
    /// closing it from a Swift function Lua called.
    public func close() {
        guard lifetime.isOpen else { return }
        precondition(lsh_isrunning(handle) == 0, "a Lua state cannot be closed while Lua code runs in it")
        lifetime.isOpen = false
        lifetime.pendingReleases.removeAll()
        interrupterStorage.detach()
        lsh_close(handle)
    }

    /// Whether ``close()`` has not been called yet.
    public var isOpen: Bool { lifetime.isOpen }

    /// The stack of the thread Swift currently works on, for code that mixes the C API
    /// with conversions.
    public var stack: LuaStack { LuaStack(currentThread, self) }

    /// Bytes Lua currently has allocated.
    public var memoryInUse: Int { Int(lsh_memoryused(handle)) }

    /// Runs a full garbage collection cycle, which finalizes unreachable Swift objects.
    public func collectGarbage() {
        releasePendingReferences()
        lsh_collectgarbage(handle)
    }

    /// Reports an error through ``errorHandler``.
    public func report(_ error: LuaError, in context: String) {
        errorHandler(error, context)
    }

    /// Where the script code running now is (`main.lua:12`): the innermost Lua frame of the
    /// running thread (a coroutine's, inside one), past the class system's own; nil when no
    /// script code is running. For messages that say who started something.
    ///
    /// - Parameter skipped: chunks whose frames are passed over, by their names as loaded
    ///   (`=ui`), as a host's own Lua is.
    public func runningLocation(skipping skipped: Set<String> = []) -> String? {
        LuaArguments.scriptLocation(on: lsh_current(handle), from: 0, skipping: skipped)
    }

    // MARK: - Internals

    private func applyLimits() {
        lsh_setmemorylimit(handle, limits.memory.map { max(0, $0) } ?? 0)
        lsh_setbudget(handle, limits.instructions.map { Int64(max(1, $0)) } ?? 0)
        // The system refusing a thread leaves the CPU time unlimited; the budget still holds.
        // Like a budget of 0 instructions, 0 s (or less, or NaN) is the smallest limit.
        _ = lsh_setcpulimit(handle, limits.cpuSeconds.map { $0 > 1e-9 ? $0 : 1e-9 } ?? 0)
    }

    /// Frees the registry slots of references and peers that Swift has dropped.
    func releasePendingReferences() {
        LuaState.releasePendingReferences(lifetime)
    }

    @usableFromInline
    static func releasePendingReferences(_ lifetime: LuaLifetime) {
        guard !lifetime.pendingReleases.isEmpty else { return }
        let refs = lifetime.pendingReleases
        lifetime.pendingReleases = []
        let L: OpaquePointer = lsh_current(lifetime.handle)
        guard lua_checkstack(L, 2) != 0 else { return }
        for ref in refs { luaL_unref(L, lsh_registryindex, ref) }
    }
}

/// The trampoline's way into Swift: runs the function box on the calling thread.
/// It is nonisolated because C calls it; the box's body is main-actor code, which is where
/// every call from Lua happens.
@_cdecl("lsh_swift_dispatch") @inline(__always)
nonisolated func luaDispatch(_ L: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> Int32 {
    Unmanaged<LuaNativeBox>.fromOpaque(context.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
        $0.invoke(L.unsafelyUnwrapped)
    }
}

/// Releases what a collected userdata held: a Swift object or a function box.
@_cdecl("lsh_swift_release")
nonisolated func luaRelease(_ object: UnsafeMutableRawPointer?) {
    guard let object else { return }
    Unmanaged<AnyObject>.fromOpaque(object).release()
}

/// Writes a line to standard error.
func printToStandardError(_ text: String) {
    var line = text
    if !line.hasSuffix("\n") { line += "\n" }
    line.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}
