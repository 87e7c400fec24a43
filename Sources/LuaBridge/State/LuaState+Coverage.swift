import LuaShim

extension LuaState {
    /// Starts recording which lines of the chunks loaded from files (named `@path`) run, in
    /// every thread of the state, or stops and forgets what was recorded. A line hook: Lua
    /// code runs slower while it is on.
    public func recordCoverage(_ on: Bool) {
        _ = lsh_setcoverage(handle, on ? 1 : 0)
    }

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
}
