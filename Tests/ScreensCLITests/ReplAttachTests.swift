import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `screens run APP --headless --listen` and `screens repl --attach`: the REPL of a running
/// app over its socket, through the client program and through raw protocol lines.
@Suite(.serialized)
struct ReplAttachTests {
    /// A counter: the global `count`, a label that shows it, and a "+" button whose
    /// accessibilityLabel is "Increment".
    static let counter = """
        local Counter = ui.Controller:extend("Counter")
        function Counter:viewDidLoad()
          self.title = "Counter"
          self.label = ui.Label:new{ frame = { 0, 100, 320, 16 }, text = "count 0", alignment = "center" }
          self.plus = ui.Button:new{ frame = { 140, 200, 40, 32 } }
          self.plus:setTitle("+", "normal")
          self.plus.accessibilityLabel = "Increment"
          self.plus:addTarget(self, "increment", "touchUpInside")
          self.view:addSubview(self.label)
          self.view:addSubview(self.plus)
        end
        function Counter:increment()
          count = count + 1
          self.label.text = "count " .. count
        end
        count = 0
        local app = { id = "counter" }
        function app.didFinishLaunching(window)
          window.rootViewController = ui.NavigationController:new{ root = Counter:new() }
          window:makeKeyAndVisible()
        end
        return app
        """

    /// An app run with `--listen` in the background, until it is stopped.
    final class ListeningApp {
        let process = Process()
        let folder: URL
        let socket: String
        let stderr = Pipe()
        let stdout = Pipe()
        var errorText = ""

        /// Starts the counter app (in `folder`/app) listening on `socket` (nil: the default),
        /// with XDG_RUNTIME_DIR set to `folder`/run, and waits until it says it listens (or
        /// has ended).
        /// `fileLimit`: the most descriptors the app may have open (`ulimit -n`).
        init(folder: URL, socket: String?, extraArguments: [String] = [], fileLimit: Int? = nil) throws {
            self.folder = folder
            let app = folder.appendingPathComponent("app")
            if !FileManager.default.fileExists(atPath: app.path) {
                try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
                try ReplAttachTests.counter.write(to: app.appendingPathComponent("main.lua"), atomically: true, encoding: .utf8)
            }
            self.socket = socket ?? folder.appendingPathComponent("run/luascreens/counter.sock").path
            process.executableURL = ScreensProgram.executable
            // --for only bounds a run that went wrong: the tests end it.
            process.arguments = ["run", app.path, "--headless", "--for", "100"]
                + (socket.map { ["--listen", $0] } ?? ["--listen"]) + extraArguments
            if let fileLimit {
                process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", ScreensProgram.executable.path]
                    + (process.arguments ?? [])
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
            }
            process.currentDirectoryURL = ScreensProgram.root
            process.environment = ReplAttachTests.environment(folder)
            process.standardError = stderr
            process.standardOutput = stdout
            try process.run()
            let handle = stderr.fileHandleForReading
            while !errorText.contains("listening") {
                let data = handle.availableData
                if data.isEmpty { break }
                errorText += String(decoding: data, as: UTF8.self)
            }
        }

        /// Ends the app with `loop.quit()` sent by a client, and returns what it printed.
        func quit() throws -> (status: Int32, stdout: String, stderr: String) {
            if process.isRunning, let client = try? RawClient(socket) {
                client.send("L loop.quit()")
                _ = client.readUntilReady()
            }
            let out = stdout.fileHandleForReading.readDataToEndOfFile()
            errorText += String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: out, as: UTF8.self), errorText)
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    static func environment(_ folder: URL) -> [String: String] {
        let run = folder.appendingPathComponent("run")
        try? FileManager.default.createDirectory(at: run, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return ProcessInfo.processInfo.environment.merging([
            "XDG_RUNTIME_DIR": run.path,
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        ]) { $1 }
    }

    /// The Unix socket address of `path`.
    static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        return address
    }

    /// A client speaking the protocol's lines itself.
    final class RawClient {
        let fd: Int32
        var buffer: [UInt8] = []
        /// A read waited too long (rather than the server closing the connection).
        var timedOut = false

        init(_ path: String) throws {
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = ReplAttachTests.address(path)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard connected == 0 else {
                close(fd)
                throw CocoaError(.fileNoSuchFile)
            }
            // A test that went wrong fails rather than waits for ever.
            var timeout = timeval(tv_sec: 60, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        /// A client connected to `path`, past the greeting.
        static func greeted(_ path: String) throws -> RawClient {
            let client = try RawClient(path)
            _ = client.readUntilReady()
            return client
        }

        deinit { close(fd) }

        func send(_ line: String) {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        func sendRaw(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// Says that nothing more is sent (the socket half-closed), as `socat` does at the end of its input.
        func shutdownWriting() {
            shutdown(fd, Int32(SHUT_WR))
        }

        /// The next line, or nil when the server closed the connection.
        func line() -> String? {
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    return line
                }
                var bytes = [UInt8](repeating: 0, count: 4096)
                let count = recv(fd, &bytes, bytes.count, 0)
                if count < 0 { timedOut = true }
                guard count > 0 else { return nil }
                buffer += bytes[0..<count]
            }
        }

        /// The lines up to the next `R` (ready) line, without it.
        func readUntilReady() -> [String] {
            var lines: [String] = []
            while let line = line() {
                if line.hasPrefix("R") { return lines }
                lines.append(line)
            }
            return lines
        }
    }

    /// Runs `body` with the counter app listening on a socket in a temporary folder.
    /// The counter app listening on `app.sock` in a new folder, for `body`. The folder has
    /// mode 0700, as `screens repl --attach` wants the folder of a socket.
    static func withListeningApp(fileLimit: Int? = nil, _ body: (ListeningApp, String) throws -> Void) throws {
        try ScreensProgram.withTemporaryFolder { folder in
            chmod(folder.path, 0o700)
            let sock = folder.appendingPathComponent("app.sock").path
            try body(try ListeningApp(folder: folder, socket: sock, fileLimit: fileLimit), sock)
        }
    }

    /// The same, for a body that attaches from the folder (see ``attach(_:input:folder:)``).
    static func withListeningApp(_ body: (ListeningApp, String, URL) async throws -> Void) async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            chmod(folder.path, 0o700)
            let sock = folder.appendingPathComponent("app.sock").path
            try await body(try ListeningApp(folder: folder, socket: sock), sock, folder)
        }
    }

    func attach(_ target: [String], input: String, folder: URL) async throws -> ScreensProgram.Output {
        let environment = Self.environment(folder)
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    try ScreensProgram.run(ScreensProgram.executable, ["repl", "--attach"] + target, environment: environment, input: input)
                })
            }
        }
    }

    // MARK: - Tests

    @Test("attached through a pipe: a value read from the app, a tap by accessibility label, the screen changed")
    func attachPipe() async throws {
        try await Self.withListeningApp { app, sock, folder in
            #expect(app.errorText.contains("listening for the REPL on \(sock)"))
            let result = try await attach([sock], input: "count\n:tap Increment\ncount + 10\n:screen\n", folder: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "0")
            #expect(lines.count > 3 && lines[1].hasPrefix("tapped "))
            #expect(lines.count > 3 && lines[2] == "11")
            #expect(result.stdout.contains("count 1"))
            let end = try app.quit()
            #expect(end.stdout.contains("count 1"))
            #expect(!FileManager.default.fileExists(atPath: sock), "the socket is removed when the app ends")
        }
    }

    @Test("attached: app and window are set, :settle answers, and SIGTERM ends the app printing its screen with status 143")
    func attachedGlobalsAndSignal() async throws {
        try await Self.withListeningApp { app, sock, folder in
            let result = try await attach(
                [sock], input: "app.id\nwindow\n:settle 2\n:tap Increment\n:settle\ncount\n", folder: folder)
            #expect(result.stdout.hasPrefix("\"counter\"\nui.Window {0,0,320,480}\n"), "\(result.stderr)")
            #expect(result.stdout.hasSuffix("\n1\n"), "\(result.stderr)")
            #expect(result.status == 0, "\(result.stderr)")
            kill(app.process.processIdentifier, SIGTERM)
            let out = app.stdout.fileHandleForReading.readDataToEndOfFile()
            app.process.waitUntilExit()
            #expect(app.process.terminationReason == .uncaughtSignal && app.process.terminationStatus == SIGTERM)
            #expect(String(decoding: out, as: UTF8.self).contains("count 1"), "the screen printed as it was")
        }
    }

    @Test("an error goes to standard error and the status is 1, as the local pipe does")
    func attachErrors() async throws {
        try await Self.withListeningApp { app, sock, folder in
            let result = try await attach([sock], input: "error('boom')\nprint('printed')\n'after'\n", folder: folder)
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("stdin:1: boom\nstack traceback:"))
            #expect(result.stdout == "printed\n\"after\"\n")
            _ = try app.quit()
        }
    }

    @Test("two clients at once, each with its own _ and unfinished chunk, in one Lua state")
    func twoClients() throws {
        try Self.withListeningApp { app, sock in
            let a = try RawClient(sock), b = try RawClient(sock)
            #expect(a.line() == "V 1 counter")
            #expect(a.readUntilReady() == [])
            #expect(b.readUntilReady() == ["V 1 counter"])
            a.send("L 1 + 1")
            #expect(a.readUntilReady() == ["= 2"])
            b.send("L 10")
            #expect(b.readUntilReady() == ["= 10"])
            a.send("L function f()")
            b.send("L shared = _ * 3")
            #expect(b.readUntilReady() == [])
            a.send("L return _ end")
            #expect(a.readUntilReady() == [])
            #expect(a.readUntilReady() == [])
            a.send("L f(), shared")
            #expect(a.readUntilReady() == ["= 2\t30"])
            _ = try app.quit()
        }
    }

    @Test("a client that goes away mid-chunk or mid-line does not disturb the app")
    func clientGoneMidChunk() async throws {
        try await Self.withListeningApp { app, sock, folder in
            do {
                let a = try RawClient(sock)
                _ = a.readUntilReady()
                a.send("L print('started') while true do end")
                #expect(a.line() == "> started")
            }
            do {
                let b = try RawClient(sock)
                _ = b.readUntilReady()
                b.sendRaw("L count = 99 --")
            }
            let result = try await attach([sock], input: "count\n", folder: folder)
            #expect(result.stdout == "0\n")
            #expect(result.status == 0)
            let end = try app.quit()
            #expect(end.status == 0, "\(end.stderr)")
        }
    }

    @Test("an interrupt from another client stops a while true do end, and a result's printing that never ends; the app answers after")
    func interrupt() throws {
        try Self.withListeningApp { app, sock in
            let a = try RawClient(sock), b = try RawClient(sock)
            _ = a.readUntilReady()
            _ = b.readUntilReady()
            a.send("L print('started') while true do end")
            #expect(a.line() == "> started")
            b.send("I")
            let stopped = a.readUntilReady()
            #expect(stopped.first == "! stdin:1: interrupted")
            a.send("L 'again'")
            #expect(a.readUntilReady() == ["= \"again\""])
            b.send("L count")
            #expect(b.readUntilReady() == ["= 0"])
            // A client's own interrupt stops its chunk too.
            a.send("L print('looping') while true do end")
            #expect(a.line() == "> looping")
            a.send("I")
            #expect(a.readUntilReady().first == "! stdin:1: interrupted")
            // Printing a result is part of the chunk: the printer reads t[2] and t[3] (its
            // __len says 3), and __index never returns.
            a.send("L setmetatable({ x = 1 }, { __len = function() return 3 end, __index = function() print('indexing') while true do end end })")
            #expect(a.line() == "> indexing")
            b.send("I")
            let stoppedPrinting = a.readUntilReady()
            #expect(stoppedPrinting.first == "! stdin:1: interrupted")
            // Otherwise the app is stuck: ending the test kills it.
            guard stoppedPrinting.first == "! stdin:1: interrupted" else { return }
            b.send("L count")
            #expect(b.readUntilReady() == ["= 0"])
            _ = try app.quit()
        }
    }

    @Test("a connection beyond the files the app may open is told so and closed; the app goes on")
    func tooManyConnections() throws {
        try Self.withListeningApp(fileLimit: 32) { app, sock in
            var clients: [RawClient] = []
            var refusal: String?
            // Connects until one is not greeted (a connection left waiting fails the test by
            // the client's timeout).
            while clients.count < 40 {
                let client = try RawClient(sock)
                let first = client.line()
                guard first?.hasPrefix("V ") == true else {
                    refusal = first
                    break
                }
                _ = client.readUntilReady()
                clients.append(client)
            }
            #expect(refusal == "Q the app has too many files open to take another connection")
            #expect(clients.count > 5 && clients.count < 32)
            clients.removeLast(3)
            clients[0].send("L 1 + 2")
            #expect(clients[0].readUntilReady() == ["= 3"])
            let again = try RawClient(sock)
            #expect(again.line()?.hasPrefix("V ") == true)
            _ = again.readUntilReady()
            again.send("L count")
            #expect(again.readUntilReady() == ["= 0"])
            _ = try app.quit()
        }
    }

    @Test("os.exit sent by a client ends the app with that status and removes the socket")
    func osExit() throws {
        try Self.withListeningApp { app, sock in
            let client = try RawClient.greeted(sock)
            client.send("L os.exit(3)")
            #expect(client.line() == nil)
            app.process.waitUntilExit()
            #expect(app.process.terminationStatus == 3)
            #expect(!FileManager.default.fileExists(atPath: sock))
        }
    }

    @Test("a client that half-closes after its last line still gets every answer, then the app closes")
    func halfClosed() throws {
        try Self.withListeningApp { app, sock in
            let client = try RawClient.greeted(sock)
            // A chunk long enough for the count hook to see the end of the input while it
            // runs, and more output than the socket holds.
            client.sendRaw("L for i = 1, 2e7 do end for i = 1, 100000 do print(i) end\nL 'done'\n")
            client.shutdownWriting()
            var lines: [String] = []
            while let line = client.line() { lines.append(line) }
            #expect(lines.filter { $0.hasPrefix("> ") }.count == 100_000)
            #expect(lines.suffix(3) == ["R 0", "= \"done\"", "R 0"])
            // Answers that fit in the socket at once: closed after them too.
            let small = try RawClient.greeted(sock)
            small.sendRaw("L for i = 1, 2e7 do end\nL 'small'\n")
            small.shutdownWriting()
            lines = []
            while let line = small.line() { lines.append(line) }
            #expect(lines == ["R 0", "= \"small\"", "R 0"])
            #expect(!small.timedOut)
            _ = try app.quit()
        }
    }

    @Test("a line longer than 1 MiB closes that client with an error line; others go on")
    func longLine() async throws {
        try await Self.withListeningApp { app, sock, folder in
            let a = try RawClient(sock)
            _ = a.readUntilReady()
            a.sendRaw("L " + String(repeating: "x", count: (1 << 20) + 10))
            var last: String?
            while let line = a.line() { last = line }
            #expect(last?.hasPrefix("Q a line longer than") == true)
            let result = try await attach([sock], input: "1\n", folder: folder)
            #expect(result.stdout == "1\n")
            _ = try app.quit()
        }
    }

    @Test("a stale socket is replaced; a live one is refused")
    func staleAndLive() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            chmod(folder.path, 0o700)
            let sock = folder.appendingPathComponent("app.sock").path
            // A socket nobody listens on: bound, then its descriptor closed.
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.address(sock)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            close(fd)
            #expect(bound == 0)
            let app = try ListeningApp(folder: folder, socket: sock)
            #expect(app.errorText.contains("listening for the REPL on \(sock)"), "\(app.errorText)")
            let second = try ScreensProgram.run(
                ScreensProgram.executable, ["run", folder.appendingPathComponent("app").path, "--headless", "--listen", sock],
                environment: Self.environment(folder))
            #expect(second.status == 1)
            #expect(second.stderr.contains("another app is listening on \(sock)"))
            let result = try await attach([sock], input: "count\n", folder: folder)
            #expect(result.stdout == "0\n", "the first app still answers")
            _ = try app.quit()
        }
    }

    @Test("the default socket: 0600 in a 0700 folder, attached by id or as the only one; a folder others may enter is refused")
    func defaultSocket() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let app = try ListeningApp(folder: folder, socket: nil)
            let socketInfo = try FileManager.default.attributesOfItem(atPath: app.socket)
            let folderInfo = try FileManager.default.attributesOfItem(atPath: (app.socket as NSString).deletingLastPathComponent)
            #expect((socketInfo[.posixPermissions] as? Int) == 0o600)
            #expect((folderInfo[.posixPermissions] as? Int) == 0o700)
            #expect(app.errorText.contains("(screens repl --attach counter)"))
            let byID = try await attach(["counter"], input: "count\n", folder: folder)
            #expect(byID.stdout == "0\n", "\(byID.stderr)")
            let alone = try await attach([], input: "count + 1\n", folder: folder)
            #expect(alone.stdout == "1\n", "\(alone.stderr)")
            let none = try await attach(["other"], input: "1\n", folder: folder)
            #expect(none.status == 1)
            #expect(none.stderr.contains("no app is listening on"))
            _ = try app.quit()
            #expect(!FileManager.default.fileExists(atPath: app.socket))
            let nothing = try await attach([], input: "1\n", folder: folder)
            #expect(nothing.stderr.contains("no app is listening: no socket in"))

            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.appendingPathComponent("run/luascreens").path)
            let refused = try ScreensProgram.run(
                ScreensProgram.executable, ["run", folder.appendingPathComponent("app").path, "--headless", "--listen"],
                environment: Self.environment(folder))
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("not 0700: refusing to listen there"))
        }
    }

    @Test(":reload, :tree with the file:line of each class, :tap by accessibility label, through the socket")
    func commands() async throws {
        try await Self.withListeningApp { app, sock, folder in
            let main = folder.appendingPathComponent("app/main.lua")
            try Self.counter.replacingOccurrences(of: "count 0", with: "total 0").write(to: main, atomically: true, encoding: .utf8)
            let result = try await attach([sock], input: ":tree\n:tap Increment\n:reload\n:screen\ncount\n", folder: folder)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("  Counter \"Counter\" at \(main.path):1\n"), "\(result.stdout)")
            #expect(result.stdout.contains("reloaded; kept Counter"))
            #expect(result.stdout.contains("total 0"))
            #expect(result.stdout.hasSuffix("\n0\n"), "the reloaded app's state is new")
            _ = try app.quit()
        }
    }

    @Test("the app ending while a client is attached: the client says so")
    func appEnds() async throws {
        try await Self.withListeningApp { app, sock, folder in
            let result = try await attach([sock], input: "loop.quit()\n1\n2\n", folder: folder)
            #expect(result.stderr.contains("screens: the app closed the connection"))
            #expect(result.status == 1)
            _ = try app.quit()
        }
    }
}

/// `screens repl --attach` on a terminal (tmux): the line edited here, completion from the
/// app, Ctrl-C of a chunk running in the app.
@Suite("The attached REPL on a terminal, in tmux", .serialized, .enabled(if: Tmux.isAvailable))
struct ReplAttachTerminalTests {
    @Test("completion answered by the app, Ctrl-C stops the app's chunk, the app goes on")
    func attachedTerminal() throws {
        try ReplAttachTests.withListeningApp { app, sock in
            let tmux = try Tmux()
            defer { tmux.stop() }
            try tmux.runScreens(["repl", "--attach", sock])
            try tmux.waitForPrompt()
            tmux.literal("ui.NavigationCon")
            tmux.keys("Tab")
            try tmux.waitFor("> ui.NavigationController")
            tmux.keys("Enter")
            try tmux.waitFor("class ui.NavigationController")
            tmux.enter("print('spin' .. 'ning') while true do end")
            try tmux.waitForLine("spinning")
            try tmux.repeatUntil("stdin:1: interrupted") { tmux.keys("C-c") }
            tmux.enter("count + 5")
            try tmux.waitForLine("5")
            tmux.keys("C-d")
            // A chunk failed (the interrupted one): the status says so, as the local REPL's.
            try tmux.waitForExit(status: 1)
            let end = try app.quit()
            #expect(end.status == 0, "\(end.stderr)")
        }
    }

    @Test("attached on a terminal without libedit: the warning, then lines read as from a pipe")
    func attachedWithoutLibedit() throws {
        try ReplAttachTests.withListeningApp { app, sock in
            let tmux = try Tmux()
            defer { tmux.stop() }
            try tmux.runScreens(["repl", "--attach", sock], environment: ["SCREENS_LIBEDIT": "/nonexistent/libedit.so"])
            try tmux.waitFor("the line editing library /nonexistent/libedit.so (SCREENS_LIBEDIT) could not be opened")
            tmux.enter("count + 5")
            try tmux.waitForLine("5")
            tmux.keys("C-d")
            try tmux.waitForExit(status: 0)
            let end = try app.quit()
            #expect(end.status == 0, "\(end.stderr)")
        }
    }
}
