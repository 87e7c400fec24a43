import ArgumentParser
import Foundation
import LuaBridge
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
        subcommands: [Run.self, Repl.self, Test.self, MonkeyCommand.self, Plugins.self, Serve.self, LuaCommand.self]
    )
}

/// The program's entry: a test worker (`screens test --worker`, which `screens test`
/// starts for each of its jobs, always with exactly these arguments) goes straight to its
/// work, without building the command line's parser, the largest part of a start, and so do `screens run APP` and `screens test [PATH...]` alone
/// (``AppRun/plain(_:)``, ``TestRun/plain(_:)``); everything else is parsed.
@main
enum Main {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.elementsEqual(Test.workerArguments) {
            exit(MainActor.assumeIsolated { TestWorker.serve() })
        }
        // The interpreter: under its link's name (a test file's arg[-1]), or `screens lua`,
        // whose arguments are lua's own, never parsed.
        let name = CommandLine.arguments.first ?? ""
        if name.split(separator: "/").last.map(String.init) == InterpreterCommand.linkName {
            exit(LuaInterpreter.run(CommandLine.arguments))
        }
        if arguments.first == "lua" {
            let command = InterpreterCommand.command(executable: Test.executablePath())
            exit(LuaInterpreter.run([command] + arguments.dropFirst()))
        }
        // Held here, where the run that takes it is made: a worker for the coming test run.
        let prestarted = arguments.first == "test" ? MainActor.assumeIsolated { TestWorker.prestart(Test.workerCommand) } : nil
        // `screens serve` is a program of its own (see Serve); `screens help serve` is its --help.
        if arguments.first == "serve" {
            exit(Serve.handOver(Array(arguments.dropFirst())))
        }
        if arguments.elementsEqual(["help", "serve"]) {
            exit(Serve.handOver(["--help"]))
        }
        let line = Repl.attachArguments(Run.listenArguments(Array(arguments)))
        if let run = AppRun.plain(line) {
            exit(MainActor.assumeIsolated { run.run() })
        }
        if let status = MainActor.assumeIsolated({ TestRun.plain(line)?.run(prestarted: prestarted) }) {
            exit(status)
        }
        if var command = Subcommand.parsedAlone(line) {
            do {
                if let test = command as? Test {
                    try test.run(prestarted: prestarted)
                } else {
                    try command.run()
                }
            } catch {
                Screens.exit(withError: error)
            }
            return
        }
        Screens.main(line)
    }
}

/// `screens run` and `screens test` parsed, when they can be, by ArgumentParser as roots of
/// their own instead of as subcommands of `screens`: a root with a super-command (`Run` and
/// `Test` name `screens`, which only a root's name is read for, so the whole tree is the
/// same) skips what ArgumentParser does first for every other root, two more parses of the
/// whole line looking for `--generate-completion-script`, each as costly as the command's
/// own parse (see the `runner: screens run of an empty file` figure of `screens-bench`).
///
/// Only a line that parses as the command is taken, and only when it holds none of the
/// words the whole tree answers differently (`help`, `--help`, `-h`, `--version`, the
/// completion requests); anything else — help, a mistake, a failed validation — goes to
/// ``Screens``'s own parse, which answers as it always did.
enum Subcommand {
    static func parsedAlone(_ arguments: [String]) -> ParsableCommand? {
        guard let name = arguments.first, !arguments.contains(where: isSpecial) else { return nil }
        let rest = Array(arguments.dropFirst())
        switch name {
        case "run": return (try? Run.parseAsRoot(rest)) as? Run
        case "test": return (try? Test.parseAsRoot(rest)) as? Test
        default: return nil
        }
    }

    /// A word that asks the whole tree for something else than the command: help, the
    /// version, a completion script or completions, or the help of ArgumentParser's tools.
    static func isSpecial(_ argument: String) -> Bool {
        argument == "help" || argument == "-h" || argument == "--help" || argument == "--version"
            || argument.contains("completion") || argument.contains("dump-help")
            // A cluster of short flags holding -h (`-vh`) asks for help too.
            || (argument.hasPrefix("-") && !argument.hasPrefix("--") && argument.contains("h"))
    }
}
