import CLua

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
    /// budget of the call it runs in, or outside any call under one budget that the
    /// finalizers of that pass share (those run when the state closes share one too); once
    /// it is spent the rest of them are skipped, with a warning. A C function
    /// (sorting a big table, pattern matching with `string.find`, `match`, `gmatch`, `gsub`)
    /// counts as one instruction however long it runs: ``cpuSeconds`` is the limit that sees
    /// its time.
    public var instructions: Int?
    /// Seconds of CPU time each call from Swift may use, counting the Lua calls it makes
    /// and the C functions they call. Nil: no limit.
    ///
    /// Past it the call stops with `file:line: CPU time limit exceeded (S s)`, naming the
    /// line where the time went, and goes on failing at every instruction (a `pcall` or a
    /// `coroutine.resume` cannot catch its way past it) until it returns to Swift; the next
    /// call starts afresh. A thread of the process looks at the clock ten times a second
    /// and signals the state's thread, so the call is stopped between its limit and two
    /// tenths of a second past it, at the first instruction after the C function it is in
    /// returns: a loop of long C calls is stopped, one C call that never returns (a
    /// pattern that backtracks for ever) is not, and only ending the process ends it (the
    /// test runner's workers are killed for it). Lua code runs at full speed under it (it
    /// needs no count hook of its own), and a call pays a few stores to memory (screens-bench,
    /// "Swift→Lua call under the default limits"). The state must be used from the thread
    /// that set the limit. The finalizers run together outside any call share one such
    /// limit, as they share the instruction budget.
    public var cpuSeconds: Double?

    public init(memory: Int? = nil, instructions: Int? = nil, cpuSeconds: Double? = nil) {
        self.memory = memory
        self.instructions = instructions
        self.cpuSeconds = cpuSeconds
    }

    public static let none = LuaLimits()
}

extension LuaState {
    /// A new copy of the `math` library: its `random` and `randomseed` share a generator of
    /// their own, seeded as Lua seeds a new state's, so that what one copy draws or is
    /// seeded with changes nothing for the others (a plugin's random numbers are its own).
    ///
    /// - Throws: ``LuaError`` when the memory cap leaves no room for the table.
    public func newMathLibrary() throws(LuaError) -> LuaTable {
        let L = currentThread
        let opener = withStackEffect(L, 0) { () -> LuaFunction in
            LuaStack(L, self).reserve(1)
            lua_pushcclosure(L, luaopen_math, 0)
            return LuaFunction(popping: L, state: self)
        }
        return try opener.call(returning: LuaTable.self)
    }
}
