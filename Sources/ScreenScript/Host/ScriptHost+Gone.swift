import LuaBridge

// MARK: - When the host is gone

// A binding holds its host weakly (the host owns the state the binding lives in), so the
// host can be gone while Lua still runs: a state kept by someone else, or a callback that
// fires after the host closed. One policy covers every such place:
//
// - a Swift function that Lua calls raises `the script host is gone` with the caller's place
//   (`guard let host else { throw ScriptHost.gone }`), whatever it was asked;
// - a callback Swift makes into Lua (an override, a delegate's method, an action, a timer)
//   does nothing, and Swift goes on as if the script had no such callback.

extension ScriptHost {
    /// The refusal a Swift function Lua calls raises when its host is gone.
    static let gone = BindingError("the script host is gone")

    /// The host that runs `lua`, while there is one.
    static func owning(_ lua: LuaState) -> ScriptHost? {
        lua.owner as? ScriptHost
    }
}
