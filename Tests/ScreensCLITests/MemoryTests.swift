import Foundation
import Testing

/// `screens run` when the system itself refuses memory (no `--memory` cap), under `ulimit -v`.
struct MemoryTests {
    /// Runs `screens run SCRIPT` with the address space limited to `kilobytes`.
    func run(_ script: String, addressSpace kilobytes: Int) throws -> ScreensProgram.Output {
        try ScreensProgram.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "ulimit -v \(kilobytes) && exec \"$0\" run \"$1\"", ScreensProgram.executable.path, script])
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
