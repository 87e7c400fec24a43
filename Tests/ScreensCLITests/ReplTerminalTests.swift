import Foundation
import Testing

/// `screens repl` on a real terminal (tmux, as ``TerminalTests``): line editing, `>>`,
/// Tab completion, Ctrl-C and the history file. Each wait has a deadline only so that a
/// broken run cannot hang the suite.
@Suite("The REPL on a terminal, in tmux", .serialized, .enabled(if: Tmux.isAvailable))
struct ReplTerminalTests {
    @Test("Tab completes a class name of the ui module")
    func tabCompletes() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["repl"])
        try tmux.waitForPrompt()
        tmux.literal("ui.NavigationCon")
        tmux.keys("Tab")
        try tmux.waitFor("> ui.NavigationController")
        tmux.keys("Enter")
        try tmux.waitFor("class ui.NavigationController")
        tmux.keys("C-d")
        try tmux.waitForExit(status: 0)
        #expect(try tmux.sttyBefore() == (try tmux.sttyAfter()))
    }

    @Test("without libedit the REPL says why and reads its lines as from a pipe")
    func withoutLibedit() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["repl"], environment: ["SCREENS_LIBEDIT": "/nonexistent/libedit.so"])
        try tmux.waitFor("the line editing library /nonexistent/libedit.so (SCREENS_LIBEDIT) could not be opened")
        tmux.enter("1+1")
        try tmux.waitForLine("2")
        tmux.keys("C-d")
        try tmux.waitForExit(status: 0)
        #expect(try tmux.sttyBefore() == (try tmux.sttyAfter()))
    }

    @Test("Ctrl-C stops a chunk that never ends; the prompt then answers")
    func controlCInterrupts() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["repl"])
        try tmux.waitForPrompt()
        tmux.enter("print('spin' .. 'ning') while true do end")
        // Running (a Ctrl-C before the line is read would drop it with the typed Enter).
        try tmux.waitForLine("spinning")
        // A Ctrl-C that comes before the chunk starts only clears a prompt: send it until
        // the chunk says it was stopped.
        try tmux.repeatUntil("stdin:1: interrupted") { tmux.keys("C-c") }
        tmux.enter("1+1")
        let screen = try tmux.waitForLine("2")
        #expect(screen.contains("> 1+1"))
        tmux.enter(":quit")
        // A chunk failed: the status says so.
        try tmux.waitForExit(status: 1)
        #expect(try tmux.sttyBefore() == (try tmux.sttyAfter()))
    }

    @Test("a timer that never ends is stopped by the callbacks' budget, not the chunks' larger one")
    func stuckTimer() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["repl"])
        try tmux.waitForPrompt()
        tmux.enter("loop.after(0, function() while true do end end)")
        try tmux.waitFor("instruction budget exhausted (200000000")
        tmux.enter("1+1")
        try tmux.waitForLine("2")
        tmux.keys("C-d")
        try tmux.waitForExit(status: 0)
    }

    @Test("Ctrl-C at the prompt drops the line being typed and the chunk under way")
    func controlCClearsTheLine() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["repl"])
        try tmux.waitForPrompt()
        tmux.enter("if x then")
        tmux.literal("nonsense here")
        try tmux.waitFor(">> nonsense here")
        tmux.keys("C-c")
        try tmux.waitFor("^C")
        tmux.enter("40+2")
        try tmux.waitForLine("42")
        tmux.keys("C-d")
        try tmux.waitForExit(status: 0)
    }

    @Test("a chunk on several lines shows >> until it is complete")
    func continuation() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["repl"])
        try tmux.waitForPrompt()
        tmux.enter("for i = 1, 3 do")
        try tmux.waitForLine(">>")
        tmux.enter("print(i * 11) end")
        try tmux.waitForLine("33")
        #expect(tmux.capture().contains(">> print(i * 11) end"))
        tmux.keys("C-d")
        try tmux.waitForExit(status: 0)
    }

    @Test("characters beyond ASCII are edited as characters, whatever the locale")
    func unicode() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["repl"])
        try tmux.waitForPrompt()
        // Backspace takes the whole ✓ (three bytes).
        tmux.literal("#\"é✓✓")
        tmux.keys("BSpace")
        tmux.enter("\"")
        try tmux.waitForLine("5")
        tmux.keys("C-d")
        try tmux.waitForExit(status: 0)
    }

    @Test("a line entered is in the history of the next session: Up recalls it")
    func historyAcrossSessions() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["repl"])
        try tmux.waitForPrompt()
        tmux.enter("6 * 7 -- remembered")
        tmux.enter(":quit")
        try tmux.waitForExit(status: 0)
        let history = try String(contentsOfFile: tmux.stateHome + "/luascreens/history", encoding: .utf8)
        #expect(history == "6 * 7 -- remembered\n:quit\n")
        tmux.clearStatus()
        tmux.enter("clear")
        try tmux.waitFor("$", absent: "remembered")
        try tmux.runScreens(["repl"])
        try tmux.waitForPrompt()
        tmux.keys("Up", "Up")
        try tmux.waitFor("> 6 * 7 -- remembered")
        tmux.keys("Enter")
        try tmux.waitForLine("42")
        tmux.keys("C-d")
        try tmux.waitForExit(status: 0)
    }

    @Test("what a timer prints while a line is typed goes above the prompt, the line stays")
    func timerOutputAbovePrompt() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["repl"])
        try tmux.waitForPrompt()
        tmux.enter("loop.after(0.3, function() print('ti' .. 'ck') end)")
        tmux.literal("half typed")
        try tmux.waitForLine("tick")
        let screen = try tmux.waitForLine("> half typed")
        // Whether the tick came before or after the typing, each reads whole on its line.
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("tick"))
        #expect(lines.last == "> half typed")
        tmux.keys("C-c")
        try tmux.waitFor("^C")
        tmux.keys("C-d")
        try tmux.waitForExit(status: 0)
    }
}

extension Tmux {
    /// Waits for the REPL's first prompt (which the shell's own may precede on its line).
    func waitForPrompt() throws {
        let end = Date().addingTimeInterval(Self.deadline)
        while Date() < end {
            let lines = capture().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            if lines.contains(where: { $0 == ">" || $0 == "$ >" }) { return }
            usleep(20_000)
        }
        throw TmuxError("no prompt within \(Self.deadline) s; the pane shows:\n\(capture())")
    }

    /// Polls the pane until one of its lines reads `text` (spaces around it aside).
    @discardableResult
    func waitForLine(_ text: String) throws -> String {
        let end = Date().addingTimeInterval(Self.deadline)
        var screen = ""
        while Date() < end {
            screen = capture()
            if screen.split(separator: "\n").contains(where: { $0.trimmingCharacters(in: .whitespaces) == text }) { return screen }
            usleep(20_000)
        }
        throw TmuxError("no line '\(text)' within \(Self.deadline) s; the pane shows:\n\(screen)")
    }

    /// Does `action` until the pane shows `text`, waiting a little after each (within the
    /// suite's deadline).
    func repeatUntil(_ text: String, _ action: () -> Void) throws {
        let end = Date().addingTimeInterval(Self.deadline)
        while Date() < end {
            action()
            for _ in 0..<25 {
                if capture().contains(text) { return }
                usleep(20_000)
            }
        }
        throw TmuxError("'\(text)' did not show within \(Self.deadline) s; the pane shows:\n\(capture())")
    }

    /// Forgets the exit status of the last run, so that the next one's can be waited for.
    func clearStatus() {
        try? FileManager.default.removeItem(atPath: directory + "/status")
    }
}

@Suite("The REPL on a terminal leaves it as it was", .serialized, .enabled(if: Tmux.isAvailable))
struct ReplTerminalRestoreTests {
    @Test("Ctrl-D, :quit, SIGTERM and SIGHUP at the prompt each leave the terminal's modes as they were")
    func restores() throws {
        let signals = ["TERM": SIGTERM, "HUP": SIGHUP]
        for way in ["C-d", ":quit", "TERM", "HUP"] {
            let tmux = try Tmux()
            defer { tmux.stop() }
            try tmux.runScreens(["repl"])
            try tmux.waitForPrompt()
            if let signal = signals[way] {
                kill(try tmux.screensPID(), signal)
            } else if way.hasPrefix(":") {
                tmux.enter(way)
            } else {
                tmux.keys(way)
            }
            try tmux.waitForExit(status: signals[way].map { 128 + $0 } ?? 0)
            #expect(try tmux.sttyBefore() == (try tmux.sttyAfter()), "stty -a after \(way)")
        }
    }

    @Test("Ctrl-Z suspends the REPL; back in the foreground it edits again")
    func suspend() throws {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["repl"])
        try tmux.waitForPrompt()
        tmux.keys("C-z")
        // The shell goes on with the command line once the job stops: 128 + SIGTSTP, and the
        // terminal as it was while the REPL is stopped.
        try tmux.waitForExit(status: 128 + SIGTSTP)
        #expect(try tmux.sttyBefore() == (try tmux.sttyAfter()))
        tmux.enter("fg")
        tmux.enter("6*7")
        try tmux.waitForLine("42")
        tmux.keys("C-d")
    }
}
