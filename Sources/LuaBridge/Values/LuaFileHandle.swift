import LuaShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A stream the host opened, handed to Lua as a file handle that `io`'s methods take
/// (`file:read`, `file:lines`, `file:seek`, `file:close`): a file opened with checks Lua's
/// own `io.open` cannot make (see the plugins' `io.open`).
///
/// The handle owns the stream once pushed: closing it in Lua, or collecting it, closes the
/// stream. Push it once; a handle that is never pushed leaves its stream open.
public struct LuaFileHandle: LuaPushable {
    private let stream: UnsafeMutablePointer<FILE>

    /// A handle for `stream` (from `fopen` or `fdopen`).
    public init(stream: UnsafeMutablePointer<FILE>) {
        self.stream = stream
    }

    /// Stack: [-0, +1, -]
    public func push(to stack: LuaStack) -> Int32 {
        stack.reserve(1)
        lsh_pushstream(stack.L, stream)
        return 1
    }
}
