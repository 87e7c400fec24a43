import ArgumentParser
import ScreenScript
import ScreenTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `screens` command: run, explore and test Lua screen scripts.
struct Screens: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screens",
        abstract: "Run, explore and test Lua screen scripts.",
        version: LuaScreensVersion.current.description,
        subcommands: [Run.self, Repl.self, Test.self, MonkeyCommand.self, Plugins.self]
    )
}

/// The program's entry: a test worker (`screens test --worker`, which `screens test`
/// starts for each of its jobs, always with exactly these arguments) goes straight to its
/// work, without building the command line's parser, which costs more than the rest of a
/// worker's start; everything else is parsed.
@main
enum Main {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.elementsEqual(Test.workerArguments) {
            exit(MainActor.assumeIsolated { TestWorker.serve() })
        }
        if arguments.first == "test" {
            MainActor.assumeIsolated { TestWorker.prestart(Test.workerCommand) }
        }
        Screens.main()
    }
}
