import Foundation
import Testing
import EventLoop
import LuaBridge
import ScreenKit
@testable import ScreenScript

/// Hot reload on real Lua apps: the place a person was in comes back in the new code, and a
/// reload that fails leaves the old app running.
@MainActor
final class AppReloaderTests {
    let folder: String
    var warnings: [String] = []
    var errors: [String] = []

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reload-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }

    func reloader() -> AppReloader {
        AppReloader(appPath: folder) { [unowned self] host in
            host.warningHandler = { self.warnings.append($0) }
            host.errorReporter = { error, context in self.errors.append("\(context): \(error.message)") }
        }
    }

    func launch(_ reloader: AppReloader, settle: Bool = true) throws -> ScriptHost {
        let host = try reloader.makeHost(loop: EventLoop(clock: .virtual))
        try host.loadApp(at: folder)
        try host.launch()
        if settle { host.loop.runUntilSettled(limit: 10) } else { host.loop.runUntilIdle() }
        return host
    }

    func lua(_ host: ScriptHost, _ code: String) throws -> LuaValue {
        try host.lua.run(code, name: "=test").first ?? .nil
    }

    func reload(_ reloader: AppReloader, _ host: ScriptHost, changed: [String] = []) throws -> AppReloader.Reload {
        let reload = try reloader.reload(host, changedFiles: changed).get()
        reload.host.loop.runUntilSettled(limit: 10)
        return reload
    }

    /// Videos (a list) in a navigation controller; Detail is pushed with the video it shows.
    static let videos = """
        local Detail = require("detail")
        Videos = ui.Controller:extend("Videos")
        function Videos:viewDidLoad() self.title = "Videos" end
        function Videos:show(id) self.navigationController:push(Detail:new{ video = id }, false) end
        local app = {}
        function app.didFinishLaunching(window)
          app.videos = Videos:new()
          app.nav = ui.NavigationController:new(app.videos)
          window.rootViewController = app.nav
        end
        return app
        """

    static let detail = """
        local Detail = ui.Controller:extend("Detail")
        function Detail:viewDidLoad() self.title = "Detail " .. tostring(self.video) end
        function Detail:encodeRestorableState(coder) coder.video = self.video end
        function Detail:decodeRestorableState(coder) self.video = coder.video end
        return Detail
        """

    @Test func aPushedControllerIsKeptWithWhatItSaved() throws {
        try write("main.lua", Self.videos)
        try write("detail.lua", Self.detail)
        let reloader = reloader()
        let host = try launch(reloader)
        let window = try #require(host.keyWindow)
        let nav = try #require(window.rootViewController as? NavigationController)
        try host.lua.load("local nav = ...; nav.viewControllers[1]:show(7)", name: "=test").call(nav)
        host.loop.runUntilSettled(limit: 10)
        #expect(nav.viewControllers.map(\.title) == ["Videos", "Detail 7"])

        try write("detail.lua", Self.detail.replacingOccurrences(of: "\"Detail \"", with: "\"Video #\""))
        let reload = try reload(reloader, host, changed: ["detail.lua"])
        let newNav = try #require(reload.window?.rootViewController as? NavigationController)
        #expect(newNav !== nav)
        #expect(newNav.viewControllers.map(\.title) == ["Videos", "Video #7"])
        #expect(reload.kept == ["Videos", "Detail"])
        #expect(reload.notes.isEmpty)
        #expect(reload.statusLine == "reloaded detail.lua; kept Videos › Detail")
        #expect(host.isRetired)
        #expect(errors.isEmpty)
    }

    /// Three tabs, the second a navigation stack; an editor presented from the tab bar.
    static let tabs = """
        List = ui.Controller:extend("List")
        function List:viewDidLoad() self.title = self.name or "List" end
        Editor = ui.Controller:extend("Editor")
        function Editor:viewDidLoad() self.title = "Editor" end
        Settings = ui.Controller:extend("Settings")
        local app = {}
        function app.didFinishLaunching(window)
          app.tabs = ui.TabBarController:new{ List:new{ name = "A" }, ui.NavigationController:new(List:new{ name = "B" }),
                                              Settings:new() }
          window.rootViewController = app.tabs
        end
        return app
        """

    @Test func theSelectedTabAStackInItAndAPresentedControllerAreKept() throws {
        try write("main.lua", Self.tabs)
        let reloader = reloader()
        let host = try launch(reloader)
        let tabs = try #require(host.keyWindow?.rootViewController as? TabBarController)
        try host.lua.load("""
            local tabs = ...
            tabs.selectedIndex = 2
            tabs.selectedViewController:push(List:new{ name = "C" }, false)
            tabs:present(Editor:new(), false)
            """, name: "=test").call(tabs)
        host.loop.runUntilSettled(limit: 10)

        let reload = try reload(reloader, host, changed: ["main.lua"])
        let newTabs = try #require(reload.window?.rootViewController as? TabBarController)
        #expect(newTabs.selectedIndex == 1)
        let stack = try #require(newTabs.selectedViewController as? NavigationController)
        // The pushed list is made again with List:new(): without encodeRestorableState it
        // keeps nothing of its own (its name "C").
        #expect(stack.viewControllers.count == 2)
        #expect(stack.topViewController?.title == "List")
        #expect(newTabs.presentedViewController?.title == "Editor")
        #expect(newTabs.presentedViewController?.appearanceState == .appeared)
        #expect(reload.kept == ["List", "List", "Editor"])
        #expect(reload.notes.isEmpty)
    }

    @Test func aClassTheNewCodeNoLongerHasIsDroppedAndSaid() throws {
        try write("main.lua", Self.tabs)
        let reloader = reloader()
        let host = try launch(reloader)
        let tabs = try #require(host.keyWindow?.rootViewController as? TabBarController)
        try host.lua.load("local tabs = ... tabs:present(Editor:new(), false)", name: "=test").call(tabs)
        host.loop.runUntilSettled(limit: 10)

        try write("main.lua", Self.tabs.replacingOccurrences(of: "Editor", with: "Composer"))
        let reload = try reload(reloader, host, changed: ["main.lua"])
        let newTabs = try #require(reload.window?.rootViewController as? TabBarController)
        #expect(newTabs.presentedViewController == nil)
        #expect(reload.notes == ["dropped Editor (no such class)"])
        #expect(reload.statusLine == "reloaded main.lua; kept List; dropped Editor (no such class)")
    }

    /// A reload while an alert is on screen drops the alert (its handlers are the old
    /// code's) and keeps what is under it; the new app, and a later alert, work.
    @Test func anAlertOnScreenIsDroppedAndWhatIsUnderItKept() throws {
        try write("main.lua", Self.tabs)
        let reloader = reloader()
        let host = try launch(reloader)
        let tabs = try #require(host.keyWindow?.rootViewController as? TabBarController)
        try host.lua.load("""
            local tabs = ...
            tabs.selectedIndex = 2
            local alert = ui.AlertController:new{ title = "Delete?", style = "actionSheet" }
            alert:addAction(ui.AlertAction:new{ title = "Delete", style = "destructive", handler = function() deleted = true end })
            tabs:present(alert, true)
            """, name: "=test").call(tabs)
        host.loop.runUntilSettled(limit: 10)
        #expect(tabs.presentedViewController is AlertController)

        let reload = try reload(reloader, host, changed: ["main.lua"])
        let newTabs = try #require(reload.window?.rootViewController as? TabBarController)
        #expect(newTabs.selectedIndex == 1 && newTabs.presentedViewController == nil)
        #expect(reload.notes == ["dropped ui.AlertController (an alert is not kept across a reload)"])
        #expect(reload.window?.subviews.count == 1)
        try reload.host.lua.load("""
            local tabs = ...
            local alert = ui.AlertController:new{ title = "Again?" }
            alert:addAction(ui.AlertAction:new{ title = "OK", handler = function() again = true end })
            tabs:present(alert, false)
            """, name: "=test").call(newTabs)
        reload.window?.key("return")
        reload.host.loop.runUntilSettled(limit: 10)
        #expect(try lua(reload.host, "return again") == .boolean(true))
        #expect(errors.isEmpty)
    }

    @Test func aStackAboveAMissingClassIsDroppedWithIt() throws {
        try write("main.lua", Self.videos)
        try write("detail.lua", Self.detail)
        let reloader = reloader()
        let host = try launch(reloader)
        let nav = try #require(host.keyWindow?.rootViewController as? NavigationController)
        try host.lua.load("""
            local nav = ...
            nav.viewControllers[1]:show(1)
            nav:push(Videos:new(), false)
            """, name: "=test").call(nav)
        host.loop.runUntilSettled(limit: 10)
        try write("detail.lua", Self.detail.replacingOccurrences(of: "extend(\"Detail\")", with: "extend(\"Player\")"))
        let reload = try reload(reloader, host)
        let newNav = try #require(reload.window?.rootViewController as? NavigationController)
        #expect(newNav.viewControllers.map(\.title) == ["Videos"])
        #expect(reload.notes == ["dropped Detail (no such class)", "dropped Videos (it was above Detail)"])
    }

    @Test func whatAControllerSavesComesBackAsPlainData() throws {
        try write("main.lua", """
            Saver = ui.Controller:extend("Saver")
            function Saver:encodeRestorableState(coder)
              coder.name = "Ada"; coder.count = 3; coder.ratio = 0.5; coder.on = true
              coder.list = { 1, 2, { deep = "yes" } }; coder[7] = "seven"
            end
            function Saver:decodeRestorableState(coder) decoded = coder end
            local app = {}
            function app.didFinishLaunching(window) window.rootViewController = Saver:new() end
            return app
            """)
        let reloader = reloader()
        let host = try launch(reloader)
        let reload = try reload(reloader, host)
        let check = try lua(reload.host, """
            local d = decoded
            return d.name == "Ada" and d.count == 3 and math.type(d.count) == "integer" and d.ratio == 0.5
              and d.on == true and d.list[2] == 2 and d.list[3].deep == "yes" and d[7] == "seven"
            """)
        #expect(check == true)
        #expect(warnings.isEmpty)
    }

    @Test func whatIsNotPlainDataIsLeftOutWithAWarning() throws {
        try write("main.lua", """
            Saver = ui.Controller:extend("Saver")
            function Saver:encodeRestorableState(coder)
              coder.keep = "yes"
              coder.fn = print
              coder.view = ui.View:new()
              local cycle = {}; cycle.self = cycle; coder.cycle = cycle
              coder[{}] = 1
              local deep = {}; local t = deep
              for i = 1, 100 do t.next = {}; t = t.next end
              coder.deep = deep
            end
            function Saver:decodeRestorableState(coder) decoded = coder end
            Hostile = ui.Controller:extend("Hostile")
            function Hostile:encodeRestorableState(coder) return 42 end
            Failing = ui.Controller:extend("Failing")
            function Failing:encodeRestorableState(coder) error("cannot save") end
            local app = {}
            function app.didFinishLaunching(window)
              local root = Saver:new()
              root:addChild(Hostile:new())
              root:addChild(Failing:new())
              window.rootViewController = root
            end
            return app
            """)
        let reloader = reloader()
        let host = try launch(reloader)
        let reload = try reload(reloader, host)
        #expect(try lua(reload.host, "return decoded.keep") == "yes")
        #expect(try lua(reload.host, "return decoded.fn == nil and decoded.view == nil and decoded.cycle.self == nil") == true)
        #expect(warnings.contains("encodeRestorableState of Saver: coder.fn is a function, not plain data (strings, numbers, booleans and tables of them); left out"))
        #expect(warnings.contains("encodeRestorableState of Saver: coder.view is a userdata, not plain data (strings, numbers, booleans and tables of them); left out"))
        #expect(warnings.contains("encodeRestorableState of Saver: coder.cycle.self is a table that contains itself (a cycle); left out"))
        #expect(warnings.contains { $0.hasPrefix("encodeRestorableState of Saver: coder has a key that is a table") })
        #expect(warnings.contains { $0.hasSuffix("nests tables deeper than 32; left out") })
        #expect(warnings.contains("encodeRestorableState of Hostile returned a number; it fills the coder it is given (or returns a table)"))
        #expect(errors.contains { $0.hasPrefix("encodeRestorableState of Failing: ") && $0.contains("cannot save") })
    }

    // MARK: - Failures

    @Test func aSyntaxErrorKeepsTheOldAppRunning() throws {
        try write("main.lua", Self.videos)
        try write("detail.lua", Self.detail)
        let reloader = reloader()
        let host = try launch(reloader)
        _ = try lua(host, "ticks = 0; loop.every(1, function() ticks = ticks + 1 end)")
        try write("detail.lua", "local Detail = ui.Controller:extend(\"Detail\"\nreturn Detail")
        let result = reloader.reload(host, changedFiles: ["detail.lua"])
        guard case .failure(let failure) = result else {
            Issue.record("the reload should have failed")
            return
        }
        #expect(failure.statusLine.hasPrefix("reload failed: "))
        #expect(failure.statusLine.contains("detail.lua:2:"))
        #expect(failure.statusLine.hasSuffix(" — the old app keeps running"))
        #expect(!host.isRetired)
        // The old app goes on: its timers, its window, its controllers' Lua.
        host.loop.advance(by: 2)
        #expect(try lua(host, "return ticks") == 2)
        let nav = try #require(host.keyWindow?.rootViewController as? NavigationController)
        try host.lua.load("local nav = ... nav.viewControllers[1]:show(3)", name: "=test").call(nav)
        host.loop.runUntilSettled(limit: 10)
        #expect(nav.viewControllers.map(\.title) == ["Videos", "Detail 3"])
        #expect(host.render(.text)?.contains("Detail 3") == true)
    }

    @Test func anErrorInDidFinishLaunchingKeepsTheOldApp() throws {
        try write("main.lua", Self.videos)
        try write("detail.lua", Self.detail)
        let reloader = reloader()
        let host = try launch(reloader)
        try write("main.lua", Self.videos.replacingOccurrences(
            of: "app.videos = Videos:new()", with: "loop.every(1, function() newTicks = true end) error('no videos')"))
        let result = reloader.reload(host)
        guard case .failure(let failure) = result else {
            Issue.record("the reload should have failed")
            return
        }
        #expect(failure.error.message.contains("no videos"))
        #expect(!host.isRetired)
        // What the failed app scheduled is gone with it; the old app's state still runs.
        host.loop.advance(by: 3)
        #expect(host.loop.isIdle)
        #expect(try lua(host, "return newTicks") == .nil)
        #expect(host.render(.text)?.contains("Videos") == true)
        #expect(host.reportedErrorCount == 0)
    }

    @Test func theOldStatesTimersObserversAndNotificationsNeverRunAfterASwap() throws {
        try write("main.lua", """
            local app = {}
            function app.didFinishLaunching(window)
              window.rootViewController = ui.Controller:new()
              loop.every(1, function() marks = (marks or "") .. "old-every " end)
              loop.after(5, function() marks = (marks or "") .. "old-after " end)
              notify.observe("ping", function() marks = (marks or "") .. "old-observer " end)
              notify.schedule{ after = 4, body = "old" }
              loop.defer(function() end)
            end
            function app.didReceiveLocalNotification(note) marks = (marks or "") .. "note-" .. note.body .. " " end
            return app
            """)
        let reloader = reloader()
        let host = try launch(reloader, settle: false)
        host.loop.advance(by: 1.5)
        #expect(try lua(host, "return marks") == "old-every ")
        try write("main.lua", """
            local app = {}
            function app.didFinishLaunching(window) window.rootViewController = ui.Controller:new() end
            function app.didReceiveLocalNotification(note) marks = (marks or "") .. "new-note-" .. note.body .. " " end
            return app
            """)
        let reload = try reload(reloader, host)
        _ = try lua(reload.host, "notify.post('ping')")
        reload.host.loop.advance(by: 10)
        #expect(try lua(reload.host, "return marks") == .nil)
        // The old state saw nothing more either.
        #expect(host.reportedErrorCount == 0)
        #expect(reload.host.loop.notifications.observerCount(for: "ping") == 0)
        #expect(reload.host.loop.pendingLocalNotifications.isEmpty)
        #expect(errors.isEmpty)
    }

    @Test func aPageViewControllerKeepsItsPageThroughWhatThePageSaved() throws {
        try write("main.lua", """
            Page = ui.Controller:extend("Page")
            function Page:viewDidLoad() self.title = "Page " .. self.number end
            function Page:encodeRestorableState(coder) coder.number = self.number end
            function Page:decodeRestorableState(coder) self.number = coder.number end
            local source = {}
            function source:pageAfter(pvc, vc) return Page:new{ number = vc.number + 1 } end
            function source:pageBefore(pvc, vc) if vc.number > 1 then return Page:new{ number = vc.number - 1 } end end
            local app = {}
            function app.didFinishLaunching(window)
              book = ui.PageViewController:new{ transitionStyle = "scroll" }
              book.dataSource = source
              book:setViewControllers({ Page:new{ number = 1 } }, "forward", false)
              window.rootViewController = book
            end
            return app
            """)
        let reloader = reloader()
        let host = try launch(reloader)
        _ = try lua(host, "book:pageForward()")
        host.loop.runUntilSettled(limit: 10)
        _ = try lua(host, "book:pageForward()")
        host.loop.runUntilSettled(limit: 10)
        #expect(try lua(host, "return book.viewControllers[1].number") == 3)

        let reload = try reload(reloader, host)
        #expect(try lua(reload.host, "return book.viewControllers[1].number") == 3)
        #expect(try lua(reload.host, "return book.viewControllers[1].title") == "Page 3")
        // The data source goes on from the restored page.
        _ = try lua(reload.host, "book:pageForward()")
        reload.host.loop.runUntilSettled(limit: 10)
        #expect(try lua(reload.host, "return book.viewControllers[1].number") == 4)
        #expect(reload.notes.isEmpty)
    }

    @Test func anErrorInDecodeRestorableStateIsReportedAndTheReloadGoesOn() throws {
        try write("main.lua", """
            Screen = ui.Controller:extend("Screen")
            function Screen:encodeRestorableState(coder) coder.x = 1 end
            function Screen:decodeRestorableState(coder) error("bad state") end
            local app = {}
            function app.didFinishLaunching(window) window.rootViewController = Screen:new() end
            return app
            """)
        let reloader = reloader()
        let host = try launch(reloader)
        let reload = try reload(reloader, host)
        #expect(reload.notes.count == 1)
        #expect(reload.notes.first?.hasPrefix("Screen: decodeRestorableState failed: ") == true)
        #expect(errors.contains { $0.hasPrefix("decodeRestorableState of Screen: ") && $0.contains("bad state") })
        #expect(reload.kept == ["Screen"])
    }

    @Test func theOldHostIsFreedAndItsWindowsAnimationsInFlightRunNoLua() throws {
        try write("main.lua", Self.videos)
        try write("detail.lua", Self.detail.replacingOccurrences(
            of: "return Detail", with: "function Detail:viewDidAppear() notify.post('appeared', nil, { video = self.video }) end\nreturn Detail"))
        let reloader = reloader()
        weak var oldHost: ScriptHost?
        weak var oldWindow: Window?
        let reload: AppReloader.Reload
        // Both states post on the loop's notification center.
        var appeared: [String] = []
        do {
            let host = try launch(reloader)
            host.loop.notifications.observe("appeared") { note in appeared.append("\(note.userInfo["video"] ?? "?")") }
            oldHost = host
            oldWindow = host.keyWindow
            let nav = try #require(host.keyWindow?.rootViewController as? NavigationController)
            // A push that is still animating when the reload comes.
            try host.lua.load("local nav = ... nav:push(require('detail'):new{ video = 5 }, true)", name: "=test").call(nav)
            host.loop.advance(by: 0.1)
            #expect(nav.isTransitioning)
            reload = try reloader.reload(host).get()
        }
        #expect(oldHost == nil)
        _ = oldWindow
        // The new Detail appeared as the reload pushed it; the old one, still sliding in,
        // never runs its viewDidAppear.
        #expect(appeared == ["5"])
        reload.host.loop.advance(by: 2)
        #expect(appeared == ["5"])
        #expect(reload.kept == ["Videos", "Detail"])
        #expect(errors.isEmpty)
    }

    @Test func aClassThatNeedsArgumentsCanSayHowToMakeItOrIsDropped() throws {
        try write("main.lua", """
            Needy = ui.Controller:extend("Needy")
            function Needy:init() assert(self.id, "Needy needs an id") end
            function Needy:encodeRestorableState(coder) coder.id = self.id end
            Helped = ui.Controller:extend("Helped")
            function Helped:init() assert(self.id, "Helped needs an id") end
            function Helped:encodeRestorableState(coder) coder.id = self.id end
            function Helped:newForRestoration(coder) return Helped:new{ id = coder.id } end
            local app = {}
            function app.didFinishLaunching(window)
              window.rootViewController = ui.NavigationController:new(ui.Controller:new())
            end
            return app
            """)
        let reloader = reloader()
        let host = try launch(reloader)
        let nav = try #require(host.keyWindow?.rootViewController as? NavigationController)
        try host.lua.load("local nav = ... nav:push(Helped:new{ id = 4 }, false) nav:push(Needy:new{ id = 9 }, false)", name: "=test").call(nav)
        host.loop.runUntilSettled(limit: 10)
        let reload = try reload(reloader, host)
        let newNav = try #require(reload.window?.rootViewController as? NavigationController)
        #expect(newNav.viewControllers.count == 2)
        try reload.host.lua.load("local nav = ... assert(nav.viewControllers[2].id == 4)", name: "=test").call(newNav)
        #expect(reload.notes.count == 1)
        #expect(reload.notes.first?.hasPrefix("dropped Needy (making it failed: ") == true)
        #expect(reload.notes.first?.contains("Needy needs an id") == true)
    }
}
