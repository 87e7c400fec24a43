import Foundation
import Testing

/// `screens repl` driven through a pipe: evaluation as `lua` does it, printing, errors,
/// the exit status, and the commands inside an app.
struct ReplTests {
    func repl(_ input: String, app: String? = nil, options: [String] = []) async throws -> ScreensProgram.Output {
        let arguments = ["repl"] + (app.map { [$0] } ?? []) + options
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try ScreensProgram.screens(arguments, input: input) })
            }
        }
    }

    @Test("an expression prints its values tab-separated, a statement prints nothing, globals persist")
    func expressions() async throws {
        let result = try await repl("""
            1 + 1
            1, "a", nil, 2.5
            x = 10
            x * 3
            print("printed")
            """)
        #expect(result.stdout == "2\n1\t\"a\"\tnil\t2.5\n30\nprinted\n")
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }

    @Test("--orientation and --data-dir launch the app as screens run does")
    func orientationAndDataDirectory() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("repl-data-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await repl(
            ":screen\nreturn store.open(store.model{ Note = { text = 'string' } }).path\n", app: "scripts/hello",
            options: ["--orientation", "landscape", "--device", "ipad", "--data-dir", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        // An iPad in landscape is 1024 points, 128 cells, wide.
        let widest = result.stdout.split(separator: "\n").map { (line: Substring) in line.count }.max() ?? 0
        #expect(widest >= 128, "\(result.stdout)")
        #expect(result.stdout.contains(folder.appendingPathComponent("store.sqlite").path), "\(result.stdout)")
        let attached = try await repl("", options: ["--attach", "x", "--orientation", "landscape"])
        #expect(attached.status == 64)
        #expect(attached.stderr.contains("give no APP, --device, --orientation or --data-dir"), "\(attached.stderr)")
    }

    @Test("_ holds the last value")
    func lastValue() async throws {
        let result = try await repl("6 * 7\n_ + 1\n")
        #expect(result.stdout == "42\n43\n")
    }

    @Test("a chunk that is not complete goes on with the next lines")
    func multiLine() async throws {
        let result = try await repl("""
            function double(a)
              return a * 2
            end
            double(21)
            t = {
              1,
            }
            #t
            """)
        #expect(result.stdout == "42\n1\n")
        #expect(result.status == 0)
    }

    @Test("an error goes to standard error with the user's traceback, reading goes on, the status is 1")
    func errors() async throws {
        let result = try await repl("""
            local function fail() error("boom") end fail()
            print("still here")
            """)
        #expect(result.stdout == "still here\n")
        #expect(result.stderr.hasPrefix("stdin:1: boom\nstack traceback:\n"))
        #expect(result.stderr.contains("stdin:1: in local 'fail'"))
        #expect(!result.stderr.contains("luabridge"))
        #expect(result.status == 1)
    }

    @Test("a syntax error is reported and the next line is read")
    func syntaxError() async throws {
        let result = try await repl("1 +* 2\n3\n")
        #expect(result.stdout == "3\n")
        #expect(result.stderr.contains("unexpected symbol"))
        #expect(result.status == 1)
    }

    @Test("a loop that never ends is stopped by the instruction budget")
    func endlessLoop() async throws {
        let result = try await repl("while true do end\n'after'\n")
        #expect(result.stdout == "\"after\"\n")
        #expect(result.stderr.contains("instruction budget exhausted"))
        #expect(result.status == 1)
    }

    @Test("tables are pretty-printed with sorted keys, and a cycle is marked")
    func tables() async throws {
        let result = try await repl("""
            t = {3, 2, zeta = 1, alpha = {b = true}, ["a key"] = "x"}
            t.self = t
            t
            """)
        #expect(result.stdout == "{3, 2, [\"a key\"] = \"x\", alpha = {b = true}, self = <cycle: t>, zeta = 1}\n")
    }

    @Test("timers fire while the prompt waits for input")
    func timers() async throws {
        let result = try ScreensProgram.withTemporaryFolder { folder in
            // The next line is written only once the timer has fired (it leaves a file), or
            // after 20 s: a timer that waits for input would print after "later".
            let script = """
                (echo 'timer = loop.after(0.05, function() print("fired"); io.open("fired", "w"):close() end)'; \
                 i=0; while [ ! -e fired ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i+1)); done; \
                 echo 'print("later")') \
                | '\(ScreensProgram.executable.path)' repl
                """
            return try ScreensProgram.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: folder)
        }
        #expect(result.stdout == "fired\nlater\n")
        #expect(result.status == 0)
    }

    @Test(":quit leaves, and what follows is not read")
    func quit() async throws {
        let result = try await repl(":quit\nprint('no')\n")
        #expect(result.stdout == "")
        #expect(result.status == 0)
    }

    @Test("an unknown command says so and lists the known ones; :help lists them; a failed command makes the exit status 1")
    func unknownCommand() async throws {
        let result = try await repl(":nope\n:help\n")
        #expect(result.stderr.contains("unknown command :nope; the commands are :screen, :tree, :views"))
        #expect(result.stdout.contains(":pick X Y"))
        #expect(result.stdout.contains(":settle [S]"))
        #expect(result.status == 1)
        #expect(try await repl(":help\n").status == 0)
    }

    @Test("without an app the commands that need a window say so")
    func noWindow() async throws {
        let result = try await repl(":screen\n")
        #expect(result.stderr.contains("no window"))
    }

    @Test(":screen, :tree and :views inside an app")
    func inspect() async throws {
        let result = try await repl(":screen\n:tree\n:views 5\n", app: "scripts/hello")
        #expect(result.stdout.contains("Hello from LuaScreens!"))
        #expect(result.stdout.contains("[ Greet again ]"))
        #expect(result.stdout.contains("ui.NavigationController\n  Hello \"Hello\" at scripts/hello/main.lua:10\n"))
        #expect(result.stdout.contains("          ui.Button \"Greet again\" {100,48,120,16}\n"))
        #expect(result.stdout.contains("ui.Window {0,0,320,480}\n"))
        #expect(result.status == 0)
    }

    @Test(":tap by title and by point, :rotate, :pick binds v, :advance needs a virtual clock")
    func act() async throws {
        let result = try await repl("""
            :tap Greet again
            :pick 100 260
            v.titleLabel and 1 or 2
            :rotate
            :advance 1
            :tap About
            :tree
            """, app: "scripts/hello")
        #expect(result.stdout.contains("v = ui.Button \"Greet again\" {100,48,120,16}\n"))
        #expect(result.stdout.contains("rotated to landscape\n"))
        #expect(result.stdout.contains("  About \"About\" at scripts/hello/about.lua:3\n"))
        #expect(result.stderr.contains(":advance works only on a virtual clock"))
    }

    @Test(":tap and :pick refuse points that are not finite")
    func notFinitePoints() async throws {
        let result = try await repl(":tap nan 10\n:tap 10 inf\n:pick 1e309 0\n", app: "scripts/hello")
        #expect(!result.stdout.contains("tapped"))
        #expect(result.stderr.components(separatedBy: ":tap takes a point of two finite numbers").count == 3)
        #expect(result.stderr.contains(":pick takes a point, two finite numbers: :pick X Y"))
    }

    @Test(":type types into the field being edited")
    func type() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("field.lua")
            try """
                local app = {}
                function app.didFinishLaunching(window)
                  local c = ui.Controller:new()
                  field = ui.TextField:new{ frame = {20, 100, 200, 32}, placeholder = "Name" }
                  c.view:addSubview(field)
                  window.rootViewController = c
                end
                return app
                """.write(to: app, atomically: true, encoding: .utf8)
            let result = try await repl(":type nothing\n:tap Name\n:type Ada\nfield.text\n", app: app.path)
            #expect(result.stderr.contains("no text field is being edited"))
            #expect(result.stdout.hasSuffix("\"Ada\"\n"))
        }
    }

    @Test(":tap finds a view by its accessibilityLabel when no text shows it")
    func tapByAccessibilityLabel() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("icon.lua")
            try """
                local app = {}
                function app.didFinishLaunching(window)
                  local c = ui.Controller:new()
                  taps = 0
                  local star = ui.Button:new{ frame = {20, 100, 40, 32} }
                  star:setTitle("*", "normal")
                  star.accessibilityLabel = "Favourite"
                  star:addTarget(function() taps = taps + 1 end, "touchUpInside")
                  c.view:addSubview(star)
                  window.rootViewController = c
                end
                return app
                """.write(to: app, atomically: true, encoding: .utf8)
            let result = try await repl(":tap Favourite\ntaps\n:tap Unknown\n", app: app.path)
            #expect(result.stdout.hasSuffix("tapped 40 116: ui.Button 'Favourite'\n1\n"), "\(result.stderr)")
            #expect(result.stderr.contains(":tap: no \"Unknown\" on screen, drawn or as an accessibilityLabel"))
        }
    }

    @Test(":reload loads the app's files again, keeping the screen; a broken file keeps the old app")
    func reload() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("app")
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            let main = app.appendingPathComponent("main.lua")
            let source = """
                local Home = ui.Controller:extend("Home")
                function Home:viewDidLoad() self.title = "First" end
                local app = {}
                function app.didFinishLaunching(window)
                  window.rootViewController = ui.NavigationController:new{ root = Home:new() }
                end
                return app
                """
            try source.write(to: main, atomically: true, encoding: .utf8)
            let edit = "io.open(\(String(reflecting: main.path)), 'w'):write(\(String(reflecting: source.replacingOccurrences(of: "First", with: "Second")))):close()"
            let broken = "io.open(\(String(reflecting: main.path)), 'w'):write('local Home = ui.Controller:extend('):close()"
            let result = try await repl("""
                marker = 1
                \(edit)
                :reload
                :tree
                marker
                \(broken)
                :reload
                :tree
                """, app: app.path)
            #expect(result.stdout.contains("reloaded; kept Home\n"), "\(result.stderr)")
            #expect(result.stdout.contains("  Home \"Second\" at \(main.path):1\nnil\n"), "a fresh state: globals are gone")
            #expect(result.stderr.contains("reload failed: "))
            #expect(result.stdout.hasSuffix("  Home \"Second\" at \(main.path):1\n"), "the old app kept")
            #expect(result.status == 1, "the failed :reload")
        }
    }

    @Test(":reload needs an app")
    func reloadWithoutApp() async throws {
        let result = try await repl(":reload\n")
        #expect(result.stderr.contains(":reload needs an app"))
        #expect(result.status == 1)
    }

    @Test("app and window are the app's at the prompt, also after :reload; a script's own global of that name is kept")
    func appAndWindowGlobals() async throws {
        let result = try await repl("""
            type(app.didFinishLaunching)
            window
            :reload
            window.rootViewController.topViewController.title
            window = 5
            :reload
            window
            """, app: "scripts/hello")
        #expect(result.stdout.contains("""
            "function"
            ui.Window {0,0,320,480}
            """), "\(result.stderr)")
        #expect(result.stdout.contains("\n\"Hello\"\n"))
        #expect(result.stdout.hasSuffix("ui.Window {0,0,320,480}\n"), "a reload is a new state: window is the new app's")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("the REPL takes the options screens run takes for an app")
    func appOptions() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let result = try await repl(
                "window.orientation\nwindow.device\n", app: "scripts/hello",
                options: ["--orientation", "landscape", "--device", "ipad", "--data-dir", folder.path])
            #expect(result.stdout.hasSuffix("\"landscape\"\n\"ipad\"\n"), "\(result.stderr)")
            #expect(result.status == 0)
        }
    }

    @Test(":settle waits for the transition a tap began, so the next :tap reaches the new screen; a tap nothing takes says so")
    func settle() async throws {
        let result = try await repl("""
            :tap About
            :tap < Hello
            :settle
            :tap < Hello
            :settle 5
            window.rootViewController.topViewController.title
            :settle x
            """, app: "scripts/hello")
        #expect(result.stderr.contains(":tap: nothing took the tap at"), "\(result.stdout)")
        #expect(result.stderr.contains("the app is busy (a transition or animation): :settle waits for it"))
        #expect(result.stdout.hasSuffix("\"Hello\"\n"), "\(result.stderr)")
        #expect(result.stderr.contains(":settle takes at most a number of seconds"))
        #expect(result.status == 1)
    }

    @Test(":settle says what keeps the app busy when it does not settle in time")
    func settleTimesOut() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("busy.lua")
            try """
                local app = {}
                function app.didFinishLaunching(window)
                  window.rootViewController = ui.Controller:new()
                  loop.after(60, function() end)
                end
                return app
                """.write(to: app, atomically: true, encoding: .utf8)
            let result = try await repl(":settle 0.2\nprint('after')\n", app: app.path)
            #expect(result.stderr.contains(":settle: the app is still busy after 0.2 s:\n  a timer callback scheduled at "), "\(result.stderr)")
            #expect(result.stderr.contains("busy.lua:4, due at "), "\(result.stderr)")
            #expect(result.stdout == "after\n")
            #expect(result.status == 1)
        }
    }
}
