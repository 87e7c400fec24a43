import LuaBridge

extension ScriptHost {
    /// The limits every call into Lua from the loop runs under when a command does not say
    /// otherwise: 200 million instructions and 10 seconds of CPU time, so that no callback,
    /// override or plugin's main, looping in Lua or in C library calls, can hang the host.
    /// A callback stopped by one is reported, and the loop goes on.
    ///
    /// ```swift
    /// let host = try ScriptHost(loop: loop, limits: ScriptHost.defaultLimits)
    /// ```
    public nonisolated static let defaultLimits = LuaLimits(instructions: 200_000_000, cpuSeconds: 10)
}
