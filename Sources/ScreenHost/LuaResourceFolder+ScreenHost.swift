import Foundation
import LuaBridge

extension LuaResourceFolder {
    /// ScreenHost's own Lua files (Sources/ScreenHost/Lua): the REPL's printer.
    static let screenHost = LuaResourceFolder(bundle: "LuaScreens_ScreenHost", elsewhere: Bundle.module.resourcePath)
}
