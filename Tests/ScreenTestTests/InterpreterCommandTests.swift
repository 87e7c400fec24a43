import Foundation
import Testing
@testable import ScreenTest

/// The command test files get as arg[-1]: a link named screens-lua to the program, in the
/// user's cache, made when missing and mended when it points elsewhere.
struct InterpreterCommandTests {
    @Test func isALinkToTheProgramKeptInTheCache() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("interpreter-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let environment = ["XDG_CACHE_HOME": cache]
        let command = InterpreterCommand.command(executable: "/opt/a/screens", environment: environment)
        #expect(command.hasPrefix(cache + "/luascreens/bin/") && command.hasSuffix("/screens-lua"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: command) == "/opt/a/screens")
        // Another program's link is another folder's; the same program's is taken as it is.
        let other = InterpreterCommand.command(executable: "/opt/b/screens", environment: environment)
        #expect(other != command)
        #expect(InterpreterCommand.command(executable: "/opt/a/screens", environment: environment) == command)
        // A link that points elsewhere is made again.
        try FileManager.default.removeItem(atPath: command)
        try FileManager.default.createSymbolicLink(atPath: command, withDestinationPath: "/somewhere/else")
        #expect(InterpreterCommand.command(executable: "/opt/a/screens", environment: environment) == command)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: command) == "/opt/a/screens")
    }

    @Test func withoutACacheItIsTheProgramWithItsSubcommand() {
        #expect(InterpreterCommand.command(executable: "/opt/a/screens", environment: [:]) == "/opt/a/screens lua")
    }
}
