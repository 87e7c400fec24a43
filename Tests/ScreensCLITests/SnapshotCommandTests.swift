import Foundation
import Testing

/// `assert.snapshot` through the built binary, on a copy of Tests/lua/fixtures/snapshots.lua
/// in a temporary folder (so nothing in the repository changes): new snapshots written and
/// counted, a mismatch with its diff and the command that accepts it, --update-snapshots,
/// obsolete files, CI, and names that cannot be file names.
struct SnapshotCommandTests {
    static let fixture = ScreensProgram.root.appendingPathComponent("Tests/lua/fixtures/snapshots.lua")
    /// The fixture's screen with its fourth line changed.
    static let changedScreen = "title\nline 1\nline 2\nline 3\nline four\nline 5\nline 6\nline 7\nfooter\n"

    /// A temporary folder holding the fixture as screen_spec.lua.
    func withSuite(_ body: (URL) async throws -> Void) async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            try FileManager.default.copyItem(at: Self.fixture, to: folder.appendingPathComponent("screen_spec.lua"))
            try await body(folder)
        }
    }

    /// `screens test ARGUMENTS` in `folder`, outside CI unless told.
    func screensTest(
        _ arguments: [String], in folder: URL, screen: String? = nil, ci: Bool = false
    ) async throws -> ScreensProgram.Output {
        var environment = ["CI": ci ? "true" : ""]
        if let screen { environment["SCREEN"] = screen }
        return try await ScreensProgram.screensDetached(["test"] + arguments, in: folder, environment: environment)
    }

    func contents(_ folder: URL, _ name: String) -> String? {
        try? String(contentsOf: folder.appendingPathComponent("__snapshots__/\(name)"), encoding: .utf8)
    }

    @Test func newSnapshotsAreWrittenAndCounted() async throws {
        try await withSuite { folder in
            let first = try await screensTest(["--verbose", "--output", "plain"], in: folder)
            #expect(first.status == 0)
            #expect(first.stdout == """
                ok    screen draws text
                ok    screen draws SVG
                wrote 2 new snapshots
                  __snapshots__/home.txt
                  __snapshots__/home.svg
                2 passed, 0 failed

                """)
            #expect(contents(folder, "home.txt")?.hasPrefix("title\nline 1\n") == true)
            #expect(contents(folder, "home.svg")?.hasPrefix("<svg") == true)
            let again = try await screensTest([], in: folder)
            #expect(again.stdout == "2 passed, 0 failed\n")
        }
    }

    @Test func aMismatchShowsALineDiffAndTheCommandThatAcceptsIt() async throws {
        try await withSuite { folder in
            _ = try await screensTest([], in: folder)
            let written = contents(folder, "home.txt")
            let result = try await screensTest(["screen_spec.lua"], in: folder, screen: Self.changedScreen)
            #expect(result.status == 1)
            #expect(result.stdout == (try ScreensProgram.expected("snapshot-mismatch.txt")))
            #expect(contents(folder, "home.txt") == written)
        }
    }

    @Test func updateSnapshotsRewritesThoseThatDiffer() async throws {
        try await withSuite { folder in
            _ = try await screensTest([], in: folder)
            let updated = try await screensTest(["--update-snapshots"], in: folder, screen: Self.changedScreen)
            #expect(updated.status == 0)
            #expect(updated.stdout == "updated 1 snapshot\n2 passed, 0 failed\n")
            #expect(contents(folder, "home.txt") == Self.changedScreen)
            let again = try await screensTest([], in: folder, screen: Self.changedScreen)
            #expect(again.stdout == "2 passed, 0 failed\n")
        }
    }

    @Test func snapshotsNoTestAskedForAreListedThenRemovedWithUpdateSnapshots() async throws {
        try await withSuite { folder in
            _ = try await screensTest([], in: folder)
            for stale in ["old.txt", "older.svg"] {
                try "stale\n".write(to: folder.appendingPathComponent("__snapshots__/\(stale)"), atomically: true, encoding: .utf8)
            }
            let listed = try await screensTest([], in: folder)
            #expect(listed.status == 0)
            #expect(listed.stdout == """
                2 obsolete snapshots, which no test asked for (remove with --update-snapshots):
                  __snapshots__/old.txt
                  __snapshots__/older.svg
                2 passed, 0 failed

                """)
            // Part of the run only: nothing is said.
            let filtered = try await screensTest(["--filter", "text"], in: folder)
            #expect(filtered.stdout == "1 passed, 0 failed\n")
            // A failed test may have stopped before its snapshots: nothing is said.
            let failed = try await screensTest([], in: folder, screen: Self.changedScreen)
            #expect(!failed.stdout.contains("obsolete"))

            let removed = try await screensTest(["--update-snapshots"], in: folder)
            #expect(removed.stdout == """
                removed 2 obsolete snapshots:
                  __snapshots__/old.txt
                  __snapshots__/older.svg
                2 passed, 0 failed

                """)
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("__snapshots__").path)
            #expect(left.sorted() == ["home.svg", "home.txt"])
        }
    }

    @Test func theSnapshotsOfASuiteThatDidNotRunAreNotObsolete() async throws {
        try await withSuite { folder in
            try "it('draws', function() assert.snapshot('other', 'other') end)\n"
                .write(to: folder.appendingPathComponent("other_spec.lua"), atomically: true, encoding: .utf8)
            let both = try await screensTest([], in: folder)
            #expect(both.stdout == "wrote 3 new snapshots\n3 passed, 0 failed\n")
            let one = try await screensTest(["screen_spec.lua"], in: folder)
            #expect(one.stdout == "2 passed, 0 failed\n")
            #expect(contents(folder, "other.txt") == "other")
        }
    }

    @Test func aSnapshotAskedForAfterTheLastTestIsCountedAndNotObsolete() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            // Asked for in a teardown: after the file's last result, told to the parent when
            // the file is done.
            try """
                describe("late", function()
                  teardown(function() assert.snapshot("late screen", "late") end)
                  it("passes", function() end)
                end)

                """.write(to: folder.appendingPathComponent("late_spec.lua"), atomically: true, encoding: .utf8)
            let first = try await screensTest([], in: folder)
            #expect(first.stdout == "wrote 1 new snapshot\n1 passed, 0 failed\n")
            let again = try await screensTest([], in: folder)
            #expect(again.stdout == "1 passed, 0 failed\n")
        }
    }

    @Test func aMissingSnapshotFailsInCI() async throws {
        try await withSuite { folder in
            let result = try await screensTest(["--output", "plain"], in: folder, ci: true)
            #expect(result.status == 1)
            #expect(result.stdout == (try ScreensProgram.expected("snapshot-ci.txt")))
            #expect(contents(folder, "home.txt") == nil)
        }
    }

    @Test func aNameThatCannotBeAFileNameIsAnErrorNamingIt() async throws {
        let result = try await ScreensProgram.screensDetached(["test", "Tests/lua/fixtures/snapshot_names.lua"])
        #expect(result.status == 1)
        #expect(result.stdout == (try ScreensProgram.expected("snapshot-names.txt")))
        #expect(!FileManager.default.fileExists(atPath: ScreensProgram.root.appendingPathComponent("Tests/lua/fixtures/__snapshots__").path))
    }
}
