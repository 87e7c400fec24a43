/// A pilot's refusal or failure ("no "Save" on screen; ..."), raised in Lua with the place
/// of the test's call in front. Not a `LuaError`: a message that quotes an app's error has
/// a `file:line:` of its own, which must not be taken for the place of this one.
struct PilotError: Error, CustomStringConvertible {
    let description: String

    init(_ message: String) {
        description = message
    }
}
