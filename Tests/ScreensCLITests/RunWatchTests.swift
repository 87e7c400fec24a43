import Foundation
import Testing

/// `screens run --watch` headless: the app edits its own files, as a person would in an
/// editor, and the run shows what the reload kept.
struct RunWatchTests {
    /// Home in a navigation controller, Detail pushed over it; after a moment the app
    /// writes `detail.lua` anew with `edit` (a Lua string literal).
    static func main(edit: String, quitAfter: Double? = nil) -> String {
        """
        local Detail = require("detail")
        local Home = ui.Controller:extend("Home")
        function Home:viewDidLoad() self.title = "Home" end
        local app = {}
        function app.didFinishLaunching(window)
          local nav = ui.NavigationController:new(Home:new())
          window.rootViewController = nav
          if Detail.edited then return end
          nav:push(Detail:new(), false)
          local folder = debug.getinfo(1, "S").source:match("^@(.*)/main%.lua$")
          loop.after(0.3, function()
            local file = io.open(folder .. "/detail.lua", "w")
            file:write(\(edit))
            file:close()
          end)
          \(quitAfter.map { "loop.after(\($0), loop.quit)" } ?? "")
        end
        return app
        """
    }

    static let detail = """
        local Detail = ui.Controller:extend("Detail")
        function Detail:viewDidLoad() self.title = "Original" end
        return Detail
        """

    func run(_ main: String, in folder: URL) async throws -> ScreensProgram.Output {
        let app = folder.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try main.write(to: app.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
        try Self.detail.write(to: app.appendingPathComponent("detail.lua"), atomically: true, encoding: .utf8)
        // --for only bounds a run that went wrong: the apps quit by themselves.
        return try await ScreensProgram.screensDetached(
            ["run", app.path, "--headless", "--watch", "--for", "60", "--data-dir", folder.appendingPathComponent("data").path])
    }

    @Test func anEditReloadsTheAppAndKeepsThePushedController() async throws {
        let edit = #""local Detail = ui.Controller:extend('Detail')\nDetail.edited = true\n" .. "function Detail:viewDidLoad() self.title = 'Edited' end\nloop.after(0.3, loop.quit)\nreturn Detail\n""#
        let result = try await ScreensProgram.withTemporaryFolder { folder in try await run(Self.main(edit: edit), in: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("screens: reloaded detail.lua; kept Home › Detail"))
        // The new code pushed nothing itself: the restored stack shows the edited Detail.
        #expect(result.stdout.contains("Edited"))
        #expect(result.stdout.contains("Home"))
    }

    @Test func aBrokenEditKeepsTheOldAppRunning() async throws {
        let edit = #""local Detail = ui.Controller:extend(\n""#
        let result = try await ScreensProgram.withTemporaryFolder { folder in
            try await run(Self.main(edit: edit, quitAfter: 3), in: folder)
        }
        #expect(result.status == 1)
        #expect(result.stderr.contains("screens: reload failed: "))
        #expect(result.stderr.contains("detail.lua:2:"))
        #expect(result.stderr.contains("— the old app keeps running"))
        #expect(result.stdout.contains("Original"))
    }
}
