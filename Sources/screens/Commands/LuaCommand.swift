import ArgumentParser
import LuaBridge

/// `screens lua [options] [script [args]]`: a plain Lua 5.4 interpreter with `lua`'s options
/// (see ``LuaInterpreter``). The program's entry runs it before any parsing (see `Main`):
/// this type gives it its place in the help.
struct LuaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lua",
        abstract: "Run Lua 5.4 scripts as the standalone `lua` does (-e, -l, -i, -v, -E, -W, -, --).",
        discussion: """
            A plain interpreter with every standard library and no limits: the user's own Lua, \
            not an app's host. Test files get it as arg[-1], to start Lua programs of their own.
            """)

    @Argument(parsing: .captureForPassthrough, help: "lua's options, the script and its arguments.")
    var arguments: [String] = []

    func run() throws {
        let status = LuaInterpreter.run(["lua"] + arguments)
        if status != 0 { throw ExitCode(status) }
    }
}
