// MARK: - The errors of a run, listed

extension ScriptHost {
    /// The lines that end a run which reported script errors: how many, then one line each
    /// (what raised it and the first line of its message; each was written with its
    /// traceback when it happened), and how many more than those kept. Nil when there were
    /// none.
    ///
    /// ```text
    /// screens: 2 script errors were reported during the run:
    ///   touchUpInside action: main.lua:49: the Fail button failed
    ///   timer callback scheduled at main.lua:12: main.lua:14: attempt to index a nil value
    /// ```
    public var reportedErrorsSummary: String? {
        let count = reportedErrorCount
        guard count > 0 else { return nil }
        var lines = [count == 1
            ? "screens: 1 script error was reported during the run:"
            : "screens: \(count) script errors were reported during the run:"]
        lines += reportedErrors.map { "  \($0)" }
        if count > reportedErrors.count { lines.append("  and \(count - reportedErrors.count) more") }
        return lines.joined(separator: "\n")
    }
}
