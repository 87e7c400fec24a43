/// Trims a Lua traceback (`stack traceback:` and one frame a line, as `luaL_traceback`
/// writes it) to the test's own code: the runner's frames are machinery a test author
/// neither wrote nor can act on.
///
/// ```
/// stack traceback:                                   stack traceback:
///     [C]: in function 'error'                           spec.lua:6: in function <spec.lua:6>
///     spec.lua:6: in function <spec.lua:6>       →       [C]: in function 'test.advance'
///     [C]: in function 'test.advance'                    spec.lua:7: in function <spec.lua:5>
///     spec.lua:7: in function <spec.lua:5>
///     [C]: in function 'xpcall'
///     screentest/runner.lua:190: in upvalue 'protect'
///     ...
/// ```
enum TestTraceback {
    /// - Returns: the traceback without the C function that raised the error, the frames
    ///   of luassert's assertions and spies, and everything from the runner's first frame
    ///   down (with the C functions it called the test through); nil when nothing is left.
    static func trimmed(_ traceback: String?) -> String? {
        guard let traceback else { return nil }
        var lines = traceback.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "stack traceback:" else { return traceback }
        lines.removeFirst()
        var frames: [String] = []
        var reachedRunner = false
        for line in lines {
            let source = self.source(of: line)
            if source == "screentest" || source == "screentest/runner.lua" {
                // The runner's frames on top raised a failed assertion for luassert; those
                // below the test's called it.
                if !frames.contains(where: { !isCFunction($0) }) { continue }
                reachedRunner = true
                break
            }
            if let source, source.hasPrefix("screentest/") || isLuassert(source) { continue }
            frames.append(line)
        }
        if reachedRunner {
            while let last = frames.last, isCFunction(last) || isTailCalls(last) { frames.removeLast() }
        }
        while let first = frames.first, isCFunction(first) { frames.removeFirst() }
        guard !frames.isEmpty else { return nil }
        return (["stack traceback:"] + frames).joined(separator: "\n")
    }

    /// The chunk a frame line names: `screentest/runner.lua` for
    /// `\tscreentest/runner.lua:190: in upvalue 'protect'`, nil for other lines.
    private static func source(of line: String) -> String? {
        guard line.hasPrefix("\t") else { return nil }
        let body = line.dropFirst()
        guard let range = body.range(of: ": in ") ?? body.range(of: ": ") else { return nil }
        var place = body[..<range.lowerBound]
        // Drop the line number: `file:12` → `file`.
        if let colon = place.lastIndex(of: ":"), place[place.index(after: colon)...].allSatisfy(\.isNumber) {
            place = place[..<colon]
        }
        return String(place)
    }

    /// Whether a chunk is one of luassert's or say's files (`.../luassert/assert.lua`, as
    /// Lua shortens long paths: `...a/5.4/luassert/assert.lua`).
    private static func isLuassert(_ source: String) -> Bool {
        source.contains("luassert/") || source.hasSuffix("say/init.lua")
    }

    private static func isCFunction(_ line: String) -> Bool { line.hasPrefix("\t[C]:") }

    private static func isTailCalls(_ line: String) -> Bool { line == "\t(...tail calls...)" }
}
