/// The standard libraries a state opens.
nonisolated public struct LuaLibraries: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    // The bit order is the order of the openers in LuaShim.c.
    public static let base = LuaLibraries(rawValue: 1 << 0)
    public static let package = LuaLibraries(rawValue: 1 << 1)
    public static let coroutine = LuaLibraries(rawValue: 1 << 2)
    public static let table = LuaLibraries(rawValue: 1 << 3)
    public static let io = LuaLibraries(rawValue: 1 << 4)
    public static let os = LuaLibraries(rawValue: 1 << 5)
    public static let string = LuaLibraries(rawValue: 1 << 6)
    public static let math = LuaLibraries(rawValue: 1 << 7)
    public static let utf8 = LuaLibraries(rawValue: 1 << 8)
    public static let debug = LuaLibraries(rawValue: 1 << 9)

    /// Every standard library.
    public static let all: LuaLibraries = [.base, .package, .coroutine, .table, .io, .os, .string, .math, .utf8, .debug]
    /// The libraries that reach nothing outside the state: no files, processes or debug access.
    public static let pure: LuaLibraries = [.base, .coroutine, .table, .string, .math, .utf8]
}

/// Limits that protect the host from a script.
nonisolated public struct LuaLimits: Equatable, Sendable {
    /// Bytes the state may allocate; beyond it Lua raises "not enough memory". Nil: no cap.
    ///
    /// The cap covers what Lua allocates: tables, strings, functions, userdata, stacks.
    /// Swift's own allocations (views, the objects userdata hold, the store's rows) are not
    /// counted, and while Swift works on the Lua stack the cap is lifted, since a memory
    /// error there would unwind Swift. Without a cap, when the system itself refuses memory
    /// Lua code gets "not enough memory" like any error; if it refuses while Swift holds
    /// the stack, the process says so on standard error and exits with status 1.
    public var memory: Int?
    /// Instructions each call from Swift may run, counting the Lua calls it makes. Nil: no limit.
    ///
    /// Counting needs a debug hook, which makes Lua code run about half as fast, so it is
    /// on only while a budget is set. Coroutines created before a budget was set do not
    /// count against it: set it when creating the state. A script's own debug hook
    /// (`debug.sethook`) does not replace it, and the functions Lua runs outside the normal
    /// flow (a hook function, a `__gc` finalizer) run under a budget too: a finalizer runs
    /// at a safe point (a budget check, the end of the call, `collectgarbage`), under the
    /// budget of the call it runs in, or of its own outside any call. Pattern matching (`string.find`, `match`, `gmatch`,
    /// `gsub`) runs inside C and is not counted: a pattern that backtracks for ever can only
    /// be stopped by ending the process (the test runner's workers are killed for it).
    public var instructions: Int?

    public init(memory: Int? = nil, instructions: Int? = nil) {
        self.memory = memory
        self.instructions = instructions
    }

    public static let none = LuaLimits()
}
