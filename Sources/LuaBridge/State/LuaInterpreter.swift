import LuaShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lua 5.4's standalone interpreter, as `lua` runs it: `-e`, `-l`, `-i`, `-v`, `-E`, `-W`,
/// `--`, `-`, a script with its arguments and the `arg` table, in a plain state with every
/// standard library and no limits. It is the user's own interpreter (`screens lua`), not a
/// host: nothing of LuaScreens is in it.
///
/// ```swift
/// exit(LuaInterpreter.run(["screens lua", "-e", "print(_VERSION)"]))
/// ```
nonisolated public enum LuaInterpreter {
    /// Runs the interpreter on `arguments` (the first names it, as `arg`'s lowest entry and
    /// in its messages) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        defer { for argument in argv { free(argument) } }
        argv.append(nil)
        return argv.withUnsafeMutableBufferPointer { lsh_interpret(Int32(arguments.count), $0.baseAddress) }
    }
}
