import ArgumentParser

/// The `screens` command: run, explore and test Lua screen scripts.
@main
struct Screens: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screens",
        abstract: "Run, explore and test Lua screen scripts.",
        version: "0.1.0",
        subcommands: [Run.self, Test.self, MonkeyCommand.self]
    )
}
