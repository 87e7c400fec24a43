import Foundation

extension LuaResourceFolder {
    /// LuaBridge's own Lua files (Sources/LuaBridge/Lua).
    static let luaBridge = LuaResourceFolder(bundle: "LuaScreens_LuaBridge", elsewhere: Bundle.module.resourcePath)
}

/// The part of the class system and the sandbox that is plain Lua (prelude.lua). It runs
/// once per state, with the standard functions it needs captured before any script can
/// replace them.
let luaPrelude = LuaResourceChunk("prelude.lua", name: "=luabridge", in: .luaBridge)
