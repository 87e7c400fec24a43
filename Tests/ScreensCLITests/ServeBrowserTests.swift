import Foundation
import Testing

/// `screens serve` in a real browser: the program serves a copy of the terminal tests' app, and
/// headless Chromium, driven over WebDriver, opens the address it printed and uses the page
/// as a person would. Each wait polls with a generous deadline, so a loaded machine is slow,
/// not failing.
@Suite(
    "screens serve in Chromium", .serialized,
    .enabled(
        if: WebDriver.unavailability == nil,
        "Chromium or chromedriver cannot start here (the reason is on standard error): `make test` installs Debian's chromium and chromium-driver"))
final class ServeBrowserTests {
    let app: URL
    var file: URL { app.appendingPathComponent("terminal.lua") }
    let serve: ServedApp
    let browser: WebDriver

    init() throws {
        app = FileManager.default.temporaryDirectory.appendingPathComponent("serve-app-\(UUID())")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let file = app.appendingPathComponent("terminal.lua")
        try FileManager.default.copyItem(at: ScreensProgram.root.appendingPathComponent(TerminalTests.app), to: file)
        serve = try ServedApp(app: file.path)
        browser = try WebDriver()
        try browser.open(serve.url)
        try waitForScreen(showing: "taps 0")
    }

    deinit {
        browser.quit()
        serve.stop()
        try? FileManager.default.removeItem(at: app)
    }

    /// The text the page's screen shows: every `<text>` of the SVG.
    func screenText() throws -> String {
        try browser.run("return document.getElementById('screen').textContent") as? String ?? ""
    }

    func waitForScreen(showing text: String) throws {
        try browser.waitUntil("the screen showing '\(text)'") { try screenText().contains(text) }
    }

    /// Clicks the middle of the text `title` on the screen. The point is asked for and
    /// clicked at once: each frame draws the SVG anew, so an element found earlier may be gone.
    func tap(_ title: String) throws {
        let script = """
            const text = [...document.querySelectorAll('#screen text')].find(t => t.textContent.trim() === arguments[0]);
            if (!text) return null;
            const box = text.getBoundingClientRect();
            return [box.left + box.width / 2, box.top + box.height / 2];
            """
        var point: [Double]?
        try browser.waitUntil("'\(title)' on the screen") {
            point = try browser.run(script, [title]) as? [Double]
            return point != nil
        }
        try browser.click(x: point?[0] ?? 0, y: point?[1] ?? 0)
    }

    @Test("the first screen, its controllers beside it, and a click that changes a label")
    func firstScreenAndClick() throws {
        let tree = try browser.run("return document.getElementById('tree').textContent") as? String ?? ""
        #expect(tree.contains("ui.NavigationController"))
        #expect(tree.contains("Home \"Home\" at"))
        try tap("Count")
        try waitForScreen(showing: "taps 1")
        try tap("Count")
        try waitForScreen(showing: "taps 2")
    }

    @Test("keys as on a terminal: Tab moves the focus, Enter taps, typing fills the clicked field")
    func keysAndTyping() throws {
        try browser.press([WebDriver.tab, WebDriver.tab, WebDriver.enter])
        try waitForScreen(showing: "taps 1")
        try tap("type here")
        try browser.press(["q", "u", "i", "e", "t"])
        try waitForScreen(showing: "typed: quiet")
    }

    @Test("the Rotate button turns the window; the device menu switches to an iPad on the same screen")
    func rotateAndDevice() throws {
        try browser.click(try browser.element(xpath: "//button[@id='rotate']"))
        try browser.waitUntil("a landscape screen") {
            try browser.run("return document.querySelector('#screen svg').getAttribute('viewBox')") as? String == "0 0 480 320"
        }
        #expect(try browser.run("return document.getElementById('where').textContent") as? String == "iphone · landscape")
        try browser.run("const menu = document.getElementById('device'); menu.value = 'ipad'; menu.dispatchEvent(new Event('change'))")
        try browser.waitUntil("an iPad screen") {
            try browser.run("return document.querySelector('#screen svg').getAttribute('viewBox')") as? String == "0 0 1024 768"
        }
        try waitForScreen(showing: "taps 0")
    }

    @Test("saving a file of the app reloads the page on the same screen")
    func reloadOnSave() throws {
        try tap("Open detail")
        try waitForScreen(showing: "This is the detail")
        let source = try String(contentsOf: file, encoding: .utf8)
        try Data(source.replacingOccurrences(of: "This is the detail", with: "This is the saved detail").utf8).write(to: file)
        try waitForScreen(showing: "This is the saved detail")
        let status = try browser.run("return document.getElementById('reload-status').textContent") as? String ?? ""
        #expect(status.contains("reloaded terminal.lua; kept Home › Detail"))
    }

    @Test("a script error shows in the panel with its traceback, and the app goes on")
    func errorPanel() throws {
        #expect(try browser.run("return document.getElementById('errors-panel').hidden") as? Bool == true)
        try tap("Fail")
        try browser.waitUntil("the error panel") {
            try browser.run("return document.getElementById('errors-panel').hidden") as? Bool == false
        }
        let panel = try browser.run("return document.getElementById('errors-panel').textContent") as? String ?? ""
        #expect(panel.contains("the Fail button failed"))
        #expect(panel.contains("stack traceback"))
        #expect(panel.contains("1 script error"))
        try tap("Count")
        try waitForScreen(showing: "taps 1")
    }

    @Test("an address without the token is refused, and the page says how to get the right one")
    func withoutToken() throws {
        let bare = String(serve.url.prefix { $0 != "?" })
        let port = try #require(URL(string: bare)?.port.flatMap { UInt16(exactly: $0) })
        let (status, body) = try HTTPExchange.send("GET", port: port, path: "/")
        #expect(status == 403)
        #expect(String(decoding: body, as: UTF8.self).contains("This preview needs the address"))
        try browser.open(bare)
        let page = try browser.run("return document.body.textContent") as? String ?? ""
        #expect(page.contains("This preview needs the address"))
        #expect(page.contains("?token="))
        let token = serve.url.components(separatedBy: "token=").last ?? ""
        #expect(!page.contains(token))
    }
}

/// `screens serve APP --port 0` running, with the address it printed.
final class ServedApp {
    let process = Process()
    let url: String
    private let errors = Collected()

    init(app: String, arguments: [String] = []) throws {
        process.executableURL = ScreensProgram.executable
        process.arguments = ["serve", app, "--port", "0"] + arguments
        process.currentDirectoryURL = ScreensProgram.root
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        let errors = self.errors
        err.fileHandleForReading.readabilityHandler = { handle in errors.append(handle.availableData) }
        try process.run()
        let end = Date().addingTimeInterval(60)
        var found: String?
        while found == nil, Date() < end, process.isRunning {
            if let range = errors.text.range(of: #"http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{32}"#, options: .regularExpression) {
                found = String(errors.text[range])
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        guard let found else {
            process.terminate()
            throw WebDriver.Failure("screens serve printed no address: \(errors.text)")
        }
        url = found
    }

    /// What it wrote on standard error so far.
    var standardError: String { errors.text }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func append(_ more: Data) {
            lock.lock()
            defer { lock.unlock() }
            data.append(more)
        }

        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: data, as: UTF8.self)
        }
    }
}
