import LuaShim

// What a test runner asks of a state: coverage, bytecode for test code, and whether closing
// it would run a script's finalizer.
extension LuaState {
    /// Starts recording which lines of the chunks loaded from files (named `@path`) run, in
    /// every thread of the state, or stops and forgets what was recorded. A line hook: Lua
    /// code runs slower while it is on.
    public func recordCoverage(_ on: Bool) {
        _ = lsh_setcoverage(handle, on ? 1 : 0)
    }

    /// In a process forked from one that holds this state (a test worker's copy of itself
    /// for one file): from now on the state takes new memory from a region of its own and
    /// leaves the blocks it had where they are, so that allocating copies none of the pages
    /// the two processes share. The blocks it had are never freed: for a state whose
    /// process ends with it.
    ///
    /// - Returns: false when no region could be reserved; the state then goes on as before.
    @discardableResult
    public func useFreshMemory() -> Bool {
        lsh_usefreshmemory(handle) == 0
    }

    /// Whether a script's object has a finalizer (`__gc`) that ``close()`` would run, or one
    /// is waiting to run: a process about to end need not close a state without one.
    public var hasScriptFinalizers: Bool { lsh_hasfinalizers(handle) != 0 }

    /// The lines recorded so far, by chunk name (`@path`), each list in order.
    public func coveredLines() -> [String: [Int]] {
        let L = currentThread
        let table = withStackEffect(L, 0) { () -> LuaTable in
            LuaStack(L, self).reserve(1)
            lsh_pushcoverage(L)
            return LuaTable(popping: L, state: self)
        }
        var covered: [String: [Int]] = [:]
        for (key, value) in table.pairs {
            guard let name = key.stringValue, let lines = value.tableValue else { continue }
            covered[name] = lines.array.compactMap { $0.integerValue.map(Int.init) }
        }
        return covered
    }

    /// Whether `load`, `loadfile`, `dofile` and `require` take binary chunks too (false, the
    /// default: text only). Lua does not verify bytecode, and a corrupt chunk crashes the
    /// process: only a state whose process may crash without harm (a test file's, in its
    /// worker) allows them.
    public var allowsBinaryChunks: Bool {
        get { binaryChunksAllowed }
        set {
            binaryChunksAllowed = newValue
            lsh_allowbinarychunks(handle, newValue ? 1 : 0)
        }
    }
}
