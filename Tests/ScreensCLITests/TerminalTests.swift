import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `screens run` on a real terminal: tmux gives it one (a pane of 100×40), the tests type
/// keys and mouse sequences into it and read the screen back with `capture-pane`. Each test
/// waits for what it expects with a deadline (not a timing assertion: the deadline only
/// keeps a broken run from hanging the suite).
@Suite("Terminal sessions in tmux", .serialized, .enabled(if: Tmux.isAvailable))
struct TerminalTests {
    static let app = "Tests/ScreensCLITests/Scripts/terminal.lua"

    @Test("the first screen: the window centred, the status line at the bottom")
    func firstScreen() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["run", "scripts/hello"])
        // hello prints its greeting before the window is drawn: wait for what only the
        // drawn screen has, the button and then the status line.
        try tmux.waitFor("Greet again")
        let screen = try tmux.waitFor("hello · iphone portrait")
        #expect(screen.contains("Hello from LuaScreens!"))
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("hello · iphone portrait · Tab focus") == true)
        // Centred: the 40 columns of the window start at column 30 of 100.
        let greeting = try #require(lines.first { $0.contains("Hello from LuaScreens!") })
        let column = greeting.distance(from: greeting.startIndex, to: greeting.range(of: "Hello")!.lowerBound)
        #expect(column > 30 && column < 50)
        tmux.keys("q")
        try tmux.waitForExit(status: 0)
    }

    @Test("a click pushes a controller, Esc goes back")
    func clickPushesAndEscapeGoesBack() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["run", Self.app])
        let screen = try tmux.waitFor("Open detail")
        let (column, row) = try #require(Tmux.position(of: "Open detail", in: screen))
        tmux.click(column: column + 2, row: row)
        try tmux.waitFor("This is the detail")
        tmux.keys("Escape")
        try tmux.waitFor("Open detail")
        tmux.keys("q")
        try tmux.waitForExit(status: 0)
    }

    @Test("Tab moves the focus and Enter taps the focused button")
    func tabAndEnter() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["run", Self.app])
        try tmux.waitFor("taps 0")
        // Reading order: Open detail, Count, the field, Fail.
        tmux.keys("Tab", "Tab", "Enter")
        try tmux.waitFor("taps 1")
        tmux.keys("Space")
        try tmux.waitFor("taps 2")
        tmux.keys("q")
        try tmux.waitForExit(status: 0)
    }

    @Test("typing into a focused text field, where q is a letter")
    func typing() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["run", Self.app])
        let screen = try tmux.waitFor("type here")
        let (column, row) = try #require(Tmux.position(of: "type here", in: screen))
        tmux.click(column: column + 1, row: row)
        tmux.literal("quiet")
        try tmux.waitFor("typed: quiet")
        // Esc ends editing; the field keeps the focus, so q would still be a letter there.
        tmux.keys("Escape")
        try tmux.waitFor("[quiet_", absent: "▏")
        tmux.keys("C-c")
        try tmux.waitForExit(status: 0)
    }

    @Test("a terminal too small says the size it needs, and draws again when it is big enough")
    func tooSmall() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["run", Self.app])
        try tmux.waitFor("Open detail")
        tmux.resize(columns: 60, rows: 20)
        try tmux.waitFor("It needs 40×31 and has 60×20.")
        tmux.resize(columns: 100, rows: 40)
        try tmux.waitFor("Open detail")
        tmux.keys("q")
        try tmux.waitForExit(status: 0)
    }

    @Test("q, Ctrl-C, SIGTERM, SIGHUP and a crash (SIGSEGV) each leave the terminal's modes as they were")
    func restoresTheTerminal() throws {
        let signals = ["TERM": SIGTERM, "HUP": SIGHUP, "SEGV": SIGSEGV]
        for way in ["q", "C-c", "TERM", "HUP", "SEGV"] {
            let tmux = try Tmux()
            defer { tmux.stop() }
            try tmux.runScreens(["run", Self.app])
            try tmux.waitFor("Open detail")
            if let signal = signals[way] {
                kill(try tmux.screensPID(), signal)
            } else {
                tmux.keys(way)
            }
            try tmux.waitForExit(status: signals[way].map { 128 + $0 } ?? 0)
            #expect(try tmux.sttyBefore() == (try tmux.sttyAfter()), "stty -a after \(way)")
            let screen = tmux.capture()
            #expect(!screen.contains("Open detail"), "the alternate screen was left after \(way)")
        }
    }

    @Test("a script that calls os.exit leaves the terminal as it was")
    func osExitRestores() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["run", "Tests/ScreensCLITests/Scripts/exits.lua"])
        let screen = try tmux.waitFor("Quit")
        let (column, row) = try #require(Tmux.position(of: "Quit", in: screen))
        tmux.click(column: column, row: row)
        try tmux.waitForExit(status: 3)
        #expect(try tmux.sttyBefore() == (try tmux.sttyAfter()))
        #expect(!tmux.capture().contains("Quit "))
    }

    @Test("a script error shows as a panel that Esc closes, and is written to the error log")
    func errorPanel() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["run", Self.app])
        let screen = try tmux.waitFor("Fail")
        let (column, row) = try #require(Tmux.position(of: "Fail", in: screen))
        tmux.click(column: column, row: row)
        let panel = try tmux.waitFor("Script error 1 of 1")
        #expect(panel.contains("the Fail button failed"))
        #expect(panel.contains("1 error: "))
        tmux.keys("Escape")
        try tmux.waitFor("taps 0", absent: "Script error")
        tmux.keys("q")
        try tmux.waitForExit(status: 1)
        let log = try String(contentsOfFile: tmux.stateHome + "/luascreens/terminal/error.log", encoding: .utf8)
        #expect(log.contains("the Fail button failed"))
    }

    @Test("a session recorded with --record plays back the same, headless and drawn")
    func recordThenReplay() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        let recording = tmux.directory + "/session.rec"
        try tmux.runScreens(["run", Self.app, "--record", recording])
        let screen = try tmux.waitFor("Count")
        let (column, row) = try #require(Tmux.position(of: "Count", in: screen))
        tmux.click(column: column, row: row)
        try tmux.waitFor("taps 1")
        tmux.click(column: column, row: row)
        try tmux.waitFor("taps 2")
        tmux.keys("q")
        try tmux.waitForExit(status: 0)
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(text.hasPrefix("# luascreens recording 1\n# app terminal\n# device iphone portrait\n"))
        #expect(text.components(separatedBy: "touch began").count == 3)

        let headless = try ScreensProgram.screens(["run", Self.app, "--replay", recording])
        #expect(headless.stdout.contains("taps 2"))

        let drawn = try Tmux()
        defer { drawn.stop() }
        try drawn.runScreens(["run", Self.app, "--replay", recording])
        try drawn.waitFor("taps 2")
        drawn.keys("q")
        try drawn.waitForExit(status: 0)
    }

    @Test("--watch keeps a pushed controller through an edit, and the old app through a broken one")
    func watchReloads() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        let folder = tmux.directory + "/watched"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = try String(contentsOf: ScreensProgram.root.appendingPathComponent(Self.app), encoding: .utf8)
        let main = folder + "/main.lua"
        try source.write(toFile: main, atomically: true, encoding: .utf8)
        try tmux.runScreens(["run", folder, "--watch"])
        let screen = try tmux.waitFor("Open detail")
        let (column, row) = try #require(Tmux.position(of: "Open detail", in: screen))
        tmux.click(column: column + 2, row: row)
        try tmux.waitFor("This is the detail")

        try source.replacingOccurrences(of: "This is the detail", with: "The detail, edited")
            .write(toFile: main, atomically: true, encoding: .utf8)
        let reloaded = try tmux.waitFor("The detail, edited")
        #expect(reloaded.contains("reloaded main.lua"))
        #expect(reloaded.contains("kept"))

        try (source + "\nthis is not Lua (\n").write(toFile: main, atomically: true, encoding: .utf8)
        let failed = try tmux.waitFor("reload failed")
        #expect(failed.contains("The detail, edited"))
        // Esc closes the panel, and the old app still goes back from its detail.
        tmux.keys("Escape")
        try tmux.waitFor("The detail, edited", absent: "Script error")
        tmux.keys("Escape")
        try tmux.waitFor("Open detail")
        tmux.keys("q")
        try tmux.waitForExit(status: 1)
    }
}

/// A tmux server of its own (its own socket), with one 100×40 pane running a shell, where
/// a test runs `screens` between two `stty -a`.
final class Tmux {
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
    }

    let socket = "screens-test-\(UUID().uuidString.prefix(8))"
    let directory: String
    var stateHome: String { directory + "/state" }
    /// How long a wait may take before the test fails: generous, since a loaded machine is slow.
    static let deadline = 20.0

    init() throws {
        directory = NSTemporaryDirectory() + "screens-terminal-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: stateHome, withIntermediateDirectories: true)
        try startServer()
        tmuxIgnoringErrors(["set-option", "-g", "status", "off"])
        tmuxIgnoringErrors(["resize-window", "-t", "t", "-x", "100", "-y", "40"])
    }

    func stop() {
        tmuxIgnoringErrors(["kill-server"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs `screens ARGUMENTS` in the pane, from the repository, with its state in
    /// ``stateHome`` and its data in a folder of its own; `stty -a` is written before and
    /// after, and the exit status after.
    func runScreens(_ arguments: [String], environment: [String: String] = [:]) throws {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)' " }.joined()
        let command = "cd '\(ScreensProgram.root.path)' && stty -a > '\(directory)/before' && "
            + "XDG_STATE_HOME='\(stateHome)' XDG_DATA_HOME='\(directory)/data' \(variables)"
            + "sh -c 'echo $$ > \"\(directory)/pid\"; exec \"$0\" \"$@\"' '\(ScreensProgram.executable.path)' \(quoted); "
            + "echo \"status=$?\" > '\(directory)/status.tmp'; stty -a > '\(directory)/after'; "
            + "mv '\(directory)/status.tmp' '\(directory)/status'"
        enter(command)
    }

    func screensPID() throws -> Int32 {
        let text = try waitForFile("pid")
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw TmuxError("no pid in \(text)") }
        return pid
    }

    func sttyBefore() throws -> String { try String(contentsOfFile: directory + "/before", encoding: .utf8) }
    func sttyAfter() throws -> String { try String(contentsOfFile: directory + "/after", encoding: .utf8) }

    func waitForExit(status expected: Int32) throws {
        let text = try waitForFile("status")
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "status=\(expected)", "the pane showed:\n\(capture())")
    }

    private func waitForFile(_ name: String) throws -> String {
        let path = directory + "/" + name
        let end = Date().addingTimeInterval(Self.deadline)
        while Date() < end {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), !text.isEmpty { return text }
            usleep(20_000)
        }
        throw TmuxError("no \(name) after \(Self.deadline) s; the pane shows:\n\(capture())")
    }

    /// Polls the pane until it shows `text` (and not `absent`); returns what it showed.
    @discardableResult
    func waitFor(_ text: String, absent: String? = nil) throws -> String {
        let end = Date().addingTimeInterval(Self.deadline)
        var screen = ""
        while Date() < end {
            screen = capture()
            if screen.contains(text) && !(absent.map(screen.contains) ?? false) { return screen }
            usleep(20_000)
        }
        throw TmuxError("'\(text)' did not show within \(Self.deadline) s; the pane shows:\n\(screen)")
    }

    func capture() -> String {
        (try? tmux(["capture-pane", "-p", "-t", "t"])) ?? ""
    }

    /// tmux key names: "Enter", "Escape", "Tab", "C-c", "Space", or characters.
    func keys(_ names: String...) {
        for name in names { tmuxIgnoringErrors(["send-keys", "-t", "t", name]) }
    }

    /// Types `text` and Enter.
    func enter(_ text: String) {
        literal(text)
        keys("Enter")
    }

    func literal(_ text: String) {
        tmuxIgnoringErrors(["send-keys", "-t", "t", "-l", text])
    }

    /// A left click (SGR 1006 press and release) on a cell, 0-based.
    func click(column: Int, row: Int) {
        literal("\u{1B}[<0;\(column + 1);\(row + 1)M")
        literal("\u{1B}[<0;\(column + 1);\(row + 1)m")
    }

    func resize(columns: Int, rows: Int) {
        tmuxIgnoringErrors(["resize-window", "-t", "t", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The 0-based cell where `text` first shows in a captured screen.
    static func position(of text: String, in screen: String) -> (column: Int, row: Int)? {
        for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) {
                return (line.distance(from: line.startIndex, to: range.lowerBound), row)
            }
        }
        return nil
    }

    /// `new-session` starts the server, which keeps every descriptor it inherits: the shell
    /// closes all but the standard three first, so that no pipe of this process (or of
    /// another test's) stays open in it. It is started with no signal blocked and every
    /// signal's default action: the test runner's threads block most signals, and a server
    /// (and its shell) that inherited that never hears its pane end, so `kill-server` left
    /// both running for ever.
    private func startServer() throws {
        let command = "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done; "
            + "exec tmux -L \(socket) -f /dev/null new-session -d -x 100 -y 40 -s t "
            + "env -u TMUX 'PS1=$ ' sh < /dev/null > /dev/null 2>&1"
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = [String](arrayLiteral: "/bin/bash", "-c", command).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/bash", nil, &attributes, argv, environ)
        guard spawned == 0 else { throw TmuxError("cannot start tmux: \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw TmuxError("tmux new-session failed with status \(status)") }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let result = try ScreensProgram.run(URL(fileURLWithPath: "/usr/bin/env"), ["tmux", "-L", socket] + arguments)
        guard result.status == 0 else { throw TmuxError("tmux \(arguments.joined(separator: " ")): \(result.stderr)") }
        return result.stdout
    }

    private func tmuxIgnoringErrors(_ arguments: [String]) {
        _ = try? tmux(arguments)
    }
}

struct TmuxError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
