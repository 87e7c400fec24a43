#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation

/// `screens serve`: handed to the program `screens-serve` beside this one, with the rest of
/// the line, which parses it and serves the app. The preview's HTTP library brings in libcurl
/// and the thirty libraries it loads, which every start of this program would otherwise pay
/// for (see the `runner: screens run of an empty file` figure of `screens-bench`): so it
/// lives in a program of its own. This command is here for `screens --help`; ``Main`` hands
/// `serve` over before parsing.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run an app live in a browser: clickable, reloading on every save.",
        discussion: "See `screens serve --help` and docs/serve.md.")

    @Argument(parsing: .captureForPassthrough, help: "The app, and the options `screens serve --help` lists.")
    var arguments: [String] = []

    func run() throws {
        throw ExitCode(Self.handOver(arguments))
    }

    /// The program that serves: `screens-serve`, in the folder of this program's real file.
    static var program: String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        #endif
        return (path as NSString).deletingLastPathComponent + "/screens-serve"
    }

    /// Replaces this process with `screens-serve ARGUMENTS`; returns only when it cannot,
    /// having said why, with the exit status.
    static func handOver(_ arguments: [String]) -> Int32 {
        guard let program, access(program, X_OK) == 0 else {
            printError(
                "screens: serve needs the program screens-serve beside screens (\(program ?? "its folder is unknown")): "
                    + "`swift build` builds it, `make install` installs it")
            return 1
        }
        fflush(nil)
        var argv = ([program] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(program, argv)
        printError("screens: cannot start \(program): \(String(cString: strerror(errno)))")
        return 1
    }
}
