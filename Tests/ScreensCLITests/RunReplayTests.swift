import Foundation
import Testing

/// `screens run APP --replay FILE`: a recording played into the app, headless.
struct RunReplayTests {
    static let app = "Tests/ScreensCLITests/Scripts/buggy.lua"

    @Test func aReplayTapsAtTheRecordedTimesThenPrintsTheScreen() throws {
        let result = try ScreensProgram.screens(["run", Self.app, "--replay", "Tests/ScreensCLITests/Scripts/buggy-add.rec"])
        #expect(result.status == 0)
        #expect(result.stdout == (try ScreensProgram.expected("buggy-add.txt")))
        #expect(result.stderr == "")
    }

    @Test func aReplayThatLeadsToAScriptErrorFails() throws {
        let result = try ScreensProgram.screens(["run", Self.app, "--replay", "Tests/ScreensCLITests/Scripts/buggy-count.rec"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("taps: 1"))
        #expect(result.stderr.hasSuffix("""
            screens: 1 script error was reported during the run:
              action for touchUpInside added at \(Self.app):19: \(Self.app):5: attempt to index a nil value (local 'entries')

            """))
    }

    @Test func aBadRecordingIsAnErrorNamingTheFileAndLine() throws {
        try ScreensProgram.withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("bad.rec").path
            try "# luascreens recording 1\n0.500 touch began 1 2\n0.400 touch ended 1 2\n".write(toFile: path, atomically: true, encoding: .utf8)
            let result = try ScreensProgram.screens(["run", Self.app, "--replay", path])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == "screens: \(path):3: the time 0.400 is before the line above's 0.500: times never go back\n")
        }
    }

    @Test func aMissingRecordingIsAnError() throws {
        let result = try ScreensProgram.screens(["run", Self.app, "--replay", "/nonexistent/session.rec"])
        #expect(result.status == 1)
        #expect(result.stderr == "screens: /nonexistent/session.rec: no such recording file\n")
    }

    @Test func theRecordingsDeviceLineChoosesTheDeviceUnlessTheCommandLineDoes() throws {
        try ScreensProgram.withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("ipad.rec").path
            try "# luascreens recording 1\n# device ipad landscape\n".write(toFile: path, atomically: true, encoding: .utf8)
            let ipad = try ScreensProgram.screens(["run", Self.app, "--replay", path])
            #expect(ipad.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 48 + 1)
            let iphone = try ScreensProgram.screens(["run", Self.app, "--replay", path, "--device", "iphone", "--orientation", "portrait"])
            #expect(iphone.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 30 + 1)
        }
    }

    @Test func aRecordingOfAnotherAppIsPlayedWithAWarning() throws {
        try ScreensProgram.withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("other.rec").path
            try "# luascreens recording 1\n# app gallery\n".write(toFile: path, atomically: true, encoding: .utf8)
            let other = try ScreensProgram.screens(["run", Self.app, "--replay", path])
            #expect(other.status == 0)
            #expect(other.stderr == "screens: warning: \(path) was recorded on the app 'gallery', and this is 'buggy': its touches may land elsewhere\n")
            try "# luascreens recording 1\n# app buggy\n".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(try ScreensProgram.screens(["run", Self.app, "--replay", path]).stderr == "")
        }
    }
}
