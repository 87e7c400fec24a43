/// A binding's refusal of what a script asked, raised in Lua with the script's position
/// (`main.lua:12: DiaryEntry has no attribute 'txt'`).
struct BindingError: Error, CustomStringConvertible {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
