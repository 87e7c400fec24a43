import Foundation
import Testing
import EventLoop
import LuaBridge
import ScreenKit
import ScreenScript
@testable import ScreenHost

/// `--watch` from a saved file to the new app on screen, on a virtual clock.
@MainActor
final class HotReloadTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("hot-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    static let main = """
        local Detail = require("detail")
        Home = ui.Controller:extend("Home")
        function Home:viewDidLoad() self.title = "Home" end
        local app = {}
        function app.didFinishLaunching(window)
          window.rootViewController = ui.NavigationController:new(Home:new())
          window:makeKeyAndVisible()
          app.open = function(nav) nav:push(Detail:new(), false) end
        end
        return app
        """

    static func detail(_ title: String) -> String {
        """
        local Detail = ui.Controller:extend("Detail")
        function Detail:viewDidLoad() self.title = "\(title)" end
        return Detail
        """
    }

    @Test(arguments: [FileWatcher.Method.inotify, .polling])
    func anEditKeepsThePushedControllerAndABrokenEditKeepsTheOldApp(_ method: FileWatcher.Method) throws {
        #if !os(Linux)
        if method == .inotify { return }
        #endif
        try write("main.lua", Self.main)
        try write("detail.lua", Self.detail("First"))
        let reloader = AppReloader(appPath: folder)
        let first = try reloader.makeHost(loop: EventLoop(clock: .virtual))
        first.errorReporter = { _, _ in }
        try first.loadApp(at: folder)
        try first.launch()
        let nav = try #require(first.keyWindow?.rootViewController as? NavigationController)
        try first.lua.load("local nav, app = ... app.open(nav)", name: "=test").call(nav, first.app)
        first.loop.runUntilSettled(limit: 5)

        let hot = HotReload(host: first, reloader: reloader)
        var statuses: [String] = []
        hot.didReload = { statuses.append($0.statusLine) }
        hot.didFail = { statuses.append($0.statusLine) }
        #expect(hot.watch(method) == method)

        try write("detail.lua", Self.detail("Second"))
        first.loop.advance(by: 1)
        #expect(hot.reloadCount == 1)
        #expect(hot.host !== first)
        #expect(first.isRetired)
        #expect(statuses == ["reloaded detail.lua; kept Home › Detail"])
        let screen = try #require(hot.host.render(.text))
        #expect(screen.contains("Second"))

        try write("detail.lua", "local Detail = ui.Controller:extend(")
        hot.host.loop.advance(by: 1)
        #expect(hot.reloadCount == 1)
        #expect(statuses.count == 2)
        #expect(statuses.last?.hasPrefix("reload failed: ") == true)
        #expect(statuses.last?.contains("detail.lua:1:") == true)
        #expect(!hot.host.isRetired)
        #expect(hot.host.render(.text)?.contains("Second") == true)

        // Fixed again: the reload works, and the stack is still there.
        try write("detail.lua", Self.detail("Third"))
        hot.host.loop.advance(by: 1)
        #expect(hot.reloadCount == 2)
        #expect(hot.host.render(.text)?.contains("Third") == true)
        hot.stop()
    }
}
