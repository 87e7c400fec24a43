import Foundation
import LuaBridge

extension LuaResourceFolder {
    /// ScreenScript's own Lua files (Sources/ScreenScript/Lua): the plugin loader, the
    /// host's helpers and the bindings' Lua halves.
    static let screenScript = LuaResourceFolder(bundle: "LuaScreens_ScreenScript", elsewhere: Bundle.module.resourcePath)
}
