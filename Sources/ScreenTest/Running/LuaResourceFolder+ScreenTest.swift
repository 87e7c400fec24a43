import Foundation
import LuaBridge

extension LuaResourceFolder {
    /// ScreenTest's own Lua files (Sources/ScreenTest/Lua): the runner's modules, and what
    /// the runner does in a test file's state.
    static let screenTest = LuaResourceFolder(bundle: "LuaScreens_ScreenTest", elsewhere: Bundle.module.resourcePath)
}
