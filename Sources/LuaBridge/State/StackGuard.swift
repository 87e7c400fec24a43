import CLua

/// Runs a bridge operation and, in debug builds, checks that it changed the stack height
/// by exactly `effect` (the manual's `+p - o`), or left it as it was when it threw.
@inline(__always)
func withStackEffect<R, E: Error>(
    _ L: OpaquePointer, _ effect: Int32, file: StaticString = #fileID, line: UInt = #line,
    _ body: () throws(E) -> R
) throws(E) -> R {
    #if DEBUG
    let top = lua_gettop(L)
    let result: R
    do {
        result = try body()
    } catch {
        let now = lua_gettop(L)
        assert(now == top, "stack guard: left \(now - top) values after throwing", file: file, line: line)
        throw error
    }
    let now = lua_gettop(L)
    assert(now == top + effect, "stack guard: effect \(now - top), expected \(effect)", file: file, line: line)
    return result
    #else
    return try body()
    #endif
}
