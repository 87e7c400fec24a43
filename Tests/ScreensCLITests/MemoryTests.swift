import Foundation
import Testing

/// `screens run` when the system itself refuses memory (no `--memory` cap), under `ulimit -v`.
struct MemoryTests {
    struct Outcome {
        var reason: Process.TerminationReason
        var status: Int32
        var stderr: String
    }

    /// Runs `screens run SCRIPT` with the address space limited to `kilobytes`.
    func run(_ script: String, addressSpace kilobytes: Int) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v \(kilobytes) && exec \"$0\" run \"$1\"", ScreensCommandTests.executable.path, script]
        process.currentDirectoryURL = ScreensCommandTests.root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        _ = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(reason: process.terminationReason, status: process.terminationStatus,
                       stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func refusedMemoryEndsTheRunWithAMessageNotACrash() throws {
        let outcome = try run("Tests/ScreensCLITests/Scripts/memory_swift_held.lua", addressSpace: 650_000)
        #expect(outcome.reason == .exit)
        #expect(outcome.status == 1)
        // Whichever allocation the system refuses first, the run says it was memory.
        #expect(outcome.stderr.contains("LuaScreens: out of memory: the system refused") || outcome.stderr.contains("not enough memory"))
        #expect(!outcome.stderr.contains("crashed"))
    }
}
