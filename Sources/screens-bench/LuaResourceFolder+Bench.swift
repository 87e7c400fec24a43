import Foundation
import LuaBridge

extension LuaResourceFolder {
    /// The benchmark's Lua files (Sources/screens-bench/Lua): the scripts its figures run.
    static let bench = LuaResourceFolder(bundle: "LuaScreens_screens-bench", elsewhere: Bundle.module.resourcePath)
}
