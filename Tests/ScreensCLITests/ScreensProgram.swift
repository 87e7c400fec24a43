import Foundation

/// The built `screens` program as the CLI tests run it: where it and the repository are, one
/// way to run a command and collect what it did, and the files the tests compare with.
///
/// ```swift
/// let result = try ScreensProgram.run(["run", "scripts/hello"])
/// #expect(result.stdout == (try ScreensProgram.expected("hello.txt")))
/// ```
enum ScreensProgram {
    /// The repository, where commands run unless told otherwise.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `screens` executable next to the test bundle (SwiftPM builds it, since this
    /// target depends on it).
    static var executable: URL {
        #if os(macOS)
        let products = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }!.bundleURL.deletingLastPathComponent()
        #else
        let products = Bundle.main.bundleURL
        #endif
        return products.appendingPathComponent("screens")
    }

    /// How a run ended and what it wrote.
    struct Output {
        /// `.exit`, or `.uncaughtSignal` with the signal as the status.
        var reason: Process.TerminationReason
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The most a run may take before it is killed, so that it fails rather than stall the
    /// suite.
    static let runLimit = 120.0

    /// Runs `screens ARGUMENTS` in `directory`, with `environment` added to this process's,
    /// and `input` as its standard input when given (a pipe the text is written to, then
    /// closed).
    static func screens(
        _ arguments: [String], in directory: URL = root, environment: [String: String] = [:], input: String? = nil
    ) throws -> Output {
        try run(executable, arguments, in: directory, environment: environment, input: input)
    }

    /// ``screens(_:in:environment:)`` waiting on a thread of its own: a test blocked on a
    /// process would hold one of the few threads the tests share.
    static func screensDetached(
        _ arguments: [String], in directory: URL = root, environment: [String: String] = [:]
    ) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try screens(arguments, in: directory, environment: environment) })
            }
        }
    }

    /// Runs `executable` with `arguments` in `directory`, with `environment` added to this
    /// process's, and waits for it to end. Both outputs are read at once, so a command that
    /// fills one pipe while the other is being read cannot block; a command still running
    /// after ``runLimit`` seconds is killed (SIGKILL: the test runner's threads block
    /// SIGTERM, and the child inherits that).
    static func run(
        _ executable: URL, _ arguments: [String], in directory: URL = root, environment: [String: String] = [:],
        input: String? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inputPipe = input.map { _ in Pipe() }
        if let inputPipe { process.standardInput = inputPipe }
        try process.run()
        if let inputPipe, let input {
            // Written on a thread of its own: a command that answers before it has read
            // everything would otherwise block on a full output pipe while this writes.
            // A command that ends before reading all of it must not stop the tests with SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            let writer = inputPipe.fileHandleForWriting
            DispatchQueue.global().async {
                try? writer.write(contentsOf: Data(input.utf8))
                try? writer.close()
            }
        }
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + runLimit, execute: watchdog)
        defer { watchdog.cancel() }
        let stderr = Collected()
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) { stderr.data = err.fileHandleForReading.readDataToEndOfFile() }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        return Output(
            reason: process.terminationReason, status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr.data, as: UTF8.self))
    }

    /// What the thread reading one output collected, handed over once it is done.
    private final class Collected: @unchecked Sendable {
        var data = Data()
    }

    /// The expected output `name` in Tests/ScreensCLITests/Expected.
    static func expected(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Tests/ScreensCLITests/Expected/\(name)"), encoding: .utf8)
    }

    /// A new temporary folder, removed when `body` returns.
    static func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }

    /// A new temporary folder, removed when `body` returns.
    static func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    private static func makeTemporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screens-cli-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
