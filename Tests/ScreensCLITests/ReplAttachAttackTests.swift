import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `screens repl --attach` against a socket another local user put in its way: the client
/// refuses, says why, and the listener hears nothing of what is typed.
@Suite(.serialized)
struct ReplAttachAttackTests {
    /// Another user's listener: it greets as a LuaScreens REPL, so that a client that trusts
    /// it sends its lines, and keeps every byte it is sent.
    final class Eavesdropper: @unchecked Sendable {
        let path: String
        private let fd: Int32
        private let lock = NSLock()
        private var connections = 0
        private var heard: [UInt8] = []
        private var stopping = false
        private let stopped = DispatchSemaphore(value: 0)

        init(path: String) throws {
            self.path = path
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = ReplAttachTests.address(path)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0, listen(fd, 4) == 0 else {
                close(fd)
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            Thread.detachNewThread { self.serve() }
        }

        private var isStopping: Bool { lock.withLock { stopping } }

        private func serve() {
            while !isStopping {
                guard Self.readable(fd, milliseconds: 50) else { continue }
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { continue }
                lock.withLock { connections += 1 }
                let greeting = Array("V 1 counter\nR 0\n".utf8)
                _ = greeting.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                // Hangs up after 2 silent seconds: a client that sent its lines then waits
                // for an answer, which never comes.
                var bytes = [UInt8](repeating: 0, count: 4096)
                while !isStopping, Self.readable(connection, milliseconds: 2000) {
                    let count = recv(connection, &bytes, bytes.count, 0)
                    guard count > 0 else { break }
                    lock.withLock { heard += bytes[0..<count] }
                }
                close(connection)
            }
            close(fd)
            stopped.signal()
        }

        static func readable(_ fd: Int32, milliseconds: Int32) -> Bool {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, milliseconds) > 0
        }

        /// Stops listening, and says how many connections came and what they sent.
        func stop() -> (connections: Int, heard: String) {
            lock.withLock { stopping = true }
            stopped.wait()
            unlink(path)
            return lock.withLock { (connections, String(decoding: heard, as: UTF8.self)) }
        }
    }

    /// What is typed in every attack: a line the attacker must never see.
    static let secret = "password = 'hunter2'\n"

    /// `screens repl --attach TARGET` with ``secret`` as its input.
    func attach(_ target: [String], folder: URL, environment: [String: String] = [:]) async throws -> ScreensProgram.Output {
        let environment = ReplAttachTests.environment(folder).merging(environment) { $1 }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    try ScreensProgram.run(ScreensProgram.executable, ["repl", "--attach"] + target, environment: environment, input: Self.secret)
                })
            }
        }
    }

    static func makeFolder(_ url: URL, mode: mode_t) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        chmod(url.path, mode)
    }

    // MARK: - Tests

    @Test("a folder others may enter holding a listener: refused before connecting, the listener hears nothing",
          arguments: [0o755, 0o770, 0o707] as [mode_t])
    func folderOthersMayEnter(mode: mode_t) async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let shared = folder.appendingPathComponent("shared")
            try Self.makeFolder(shared, mode: mode)
            let spy = try Eavesdropper(path: shared.appendingPathComponent("notes.sock").path)
            let result = try await attach([spy.path], folder: folder)
            let (connections, heard) = spy.stop()
            #expect(heard == "", "the attacker read what was typed")
            #expect(connections == 0)
            #expect(result.status == 1)
            #expect(result.stderr == """
                screens: refusing to attach to \(spy.path): the folder \(shared.path) has mode 0\(String(mode, radix: 8)), \
                not 0700 (chmod 700 it)\n
                """)
        }
    }

    @Test("--listen PATH in a folder others may enter: the app refuses to listen there at once")
    func listenInAFolderOthersMayEnter() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let shared = folder.appendingPathComponent("shared")
            try Self.makeFolder(shared, mode: 0o755)
            let app = folder.appendingPathComponent("app.lua")
            try "return { didFinishLaunching = function(w) end }".write(to: app, atomically: true, encoding: .utf8)
            let socket = shared.appendingPathComponent("app.sock").path
            let result = try await ScreensProgram.screensDetached(
                ["run", app.path, "--headless", "--for", "1", "--listen", socket], environment: ReplAttachTests.environment(folder))
            #expect(result.status == 1)
            #expect(result.stderr.contains(
                "the folder \(shared.path) has mode 0755, not 0700: refusing to listen there, since `screens repl --attach` refuses"),
                "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: socket))
        }
    }

    @Test("the socket's folder is a symbolic link to a real 0700 folder: refused, the listener hears nothing")
    func folderIsALink() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let real = folder.appendingPathComponent("real")
            try Self.makeFolder(real, mode: 0o700)
            let linked = folder.appendingPathComponent("linked")
            try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: real)
            let spy = try Eavesdropper(path: real.appendingPathComponent("notes.sock").path)
            let through = linked.appendingPathComponent("notes.sock").path
            let result = try await attach([through], folder: folder)
            let (connections, heard) = spy.stop()
            #expect(heard == "", "the attacker read what was typed")
            #expect(connections == 0)
            #expect(result.status == 1)
            #expect(result.stderr == "screens: refusing to attach to \(through): the folder \(linked.path) is a symbolic link\n")
        }
    }

    @Test("the socket is a symbolic link to a real socket: refused, the listener hears nothing")
    func socketIsALink() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let run = folder.appendingPathComponent("private")
            try Self.makeFolder(run, mode: 0o700)
            let spy = try Eavesdropper(path: run.appendingPathComponent("real.sock").path)
            let link = run.appendingPathComponent("notes.sock").path
            #expect(symlink(spy.path, link) == 0)
            let result = try await attach([link], folder: folder)
            let (connections, heard) = spy.stop()
            #expect(heard == "", "the attacker read what was typed")
            #expect(connections == 0)
            #expect(result.status == 1)
            #expect(result.stderr == "screens: refusing to attach to \(link): it is a symbolic link (give the socket's own path)\n")
        }
    }

    /// The folder of the default sockets without XDG_RUNTIME_DIR.
    static let sharedDefaultFolder = "/tmp/luascreens-\(getuid())"

    @Test("without XDG_RUNTIME_DIR, a /tmp/luascreens-UID that another user made first: refused by id and as the only socket",
          .enabled(if: !FileManager.default.fileExists(atPath: sharedDefaultFolder),
                   "\(sharedDefaultFolder) exists (an app of this user's may be listening there): not made into an attacker's"))
    func defaultFolderMadeByAnother() async throws {
        let shared = Self.sharedDefaultFolder
        // mkdir fails when the folder appeared since the test was enabled: then it is not ours to change.
        guard mkdir(shared, 0o700) == 0 else {
            Issue.record("\(shared) appeared while the test ran: \(String(cString: strerror(errno)))")
            return
        }
        defer { try? FileManager.default.removeItem(atPath: shared) }
        // As root, the folder is given to nobody, as if nobody had made it; otherwise only
        // its mode can be wrong.
        let expected: String
        if getuid() == 0 {
            #expect(chown(shared, 65534, 65534) == 0)
            chmod(shared, 0o777)
            expected = "the folder \(shared) belongs to user 65534, not you (0)"
        } else {
            chmod(shared, 0o755)
            expected = "the folder \(shared) has mode 0755, not 0700 (chmod 700 it)"
        }
        let spy = try Eavesdropper(path: shared + "/counter.sock")
        if getuid() == 0 { chown(spy.path, 65534, 65534) }
        try await ScreensProgram.withTemporaryFolder { folder in
            // An empty XDG_RUNTIME_DIR is as good as none (it is not an absolute path).
            let byID = try await attach(["counter"], folder: folder, environment: ["XDG_RUNTIME_DIR": ""])
            let alone = try await attach([], folder: folder, environment: ["XDG_RUNTIME_DIR": ""])
            let (connections, heard) = spy.stop()
            #expect(heard == "", "the attacker read what was typed")
            #expect(connections == 0)
            #expect(byID.status == 1)
            #expect(byID.stderr == "screens: refusing to attach to \(spy.path): \(expected)\n")
            #expect(alone.status == 1)
            #expect(alone.stderr == "screens: refusing to attach to \(spy.path): \(expected)\n")
        }
    }

    @Test("a socket owned by another user in the user's own 0700 folder: refused",
          .enabled(if: getuid() == 0, "needs root, to give the socket to another user"))
    func socketOfAnother() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let run = folder.appendingPathComponent("private")
            try Self.makeFolder(run, mode: 0o700)
            let spy = try Eavesdropper(path: run.appendingPathComponent("notes.sock").path)
            #expect(chown(spy.path, 65534, 65534) == 0)
            let result = try await attach([spy.path], folder: folder)
            let (connections, heard) = spy.stop()
            #expect(heard == "", "the attacker read what was typed")
            #expect(connections == 0)
            #expect(result.status == 1)
            #expect(result.stderr == "screens: refusing to attach to \(spy.path): the socket belongs to user 65534, not you (0)\n")
        }
    }

    #if os(Linux)
    @Test("the socket and its folder are the user's, but the process listening runs as nobody: refused after connecting, before sending",
          .enabled(if: getuid() == 0, "needs root, to listen as another user (nobody)"))
    func listenerOfAnother() async throws {
        try await ScreensProgram.withTemporaryFolder { folder in
            let run = folder.appendingPathComponent("private")
            try Self.makeFolder(run, mode: 0o700)
            let path = run.appendingPathComponent("notes.sock").path
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = ReplAttachTests.address(path)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(bound == 0)
            // Bound by root, so the socket file is the user's; listened on by nobody, whom the
            // kernel then names as the peer of every connection.
            guard let child = NobodyListener(fd) else {
                Issue.record("cannot start the listener: \(String(cString: strerror(errno)))")
                return
            }
            close(fd)
            let result = try await attach([path], folder: folder)
            let (accepted, heard) = child.finish()
            #expect(accepted, "the client connects: only then can it ask who listens")
            #expect(heard == 0, "the attacker read \(heard) bytes of what was typed")
            #expect(result.status == 1)
            #expect(result.stderr == "screens: refusing to attach to \(path): the process listening on it runs as user 65534, not you (0)\n")
        }
    }

    /// A child process that listens on a bound socket as the user nobody, greets the first
    /// connection as a LuaScreens REPL and counts the bytes it is sent until the client
    /// closes or is silent for 3 seconds.
    final class NobodyListener {
        let pid: pid_t
        private let report: Int32
        private var waited = false

        /// Forks the listener; nil with `errno` set when it cannot.
        init?(_ fd: Int32) {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return nil }
            // Made before the fork: the child of a process with threads calls only the
            // system, never the allocator or the Swift runtime's caches.
            let greeting = Array("V 1 counter\nR 0\n".utf8)
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: 4096, alignment: 16)
            let counts = UnsafeMutablePointer<Int>.allocate(capacity: 2)
            defer {
                buffer.deallocate()
                counts.deallocate()
            }
            let pid = greeting.withUnsafeBytes { greeting in
                let pid = fork()
                if pid == 0 { Self.listen(fd, report: ends[1], greeting: greeting, buffer: buffer, counts: counts) }
                return pid
            }
            close(ends[1])
            guard pid > 0 else {
                close(ends[0])
                return nil
            }
            self.pid = pid
            report = ends[0]
        }

        /// The child: writes to `report` whether a client connected and how many bytes it
        /// sent, and ends.
        private static func listen(
            _ fd: Int32, report: Int32, greeting: UnsafeRawBufferPointer, buffer: UnsafeMutableRawPointer,
            counts: UnsafeMutablePointer<Int>
        ) -> Never {
            counts[0] = 0
            counts[1] = 0
            if setgroups(0, nil) == 0, setgid(65534) == 0, setuid(65534) == 0, Glibc.listen(fd, 1) == 0 {
                var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&waiting, 1, 60_000) > 0 {
                    let connection = accept(fd, nil, nil)
                    if connection >= 0 {
                        counts[0] = 1
                        _ = send(connection, greeting.baseAddress, greeting.count, Int32(MSG_NOSIGNAL))
                        var reading = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
                        while poll(&reading, 1, 3000) > 0 {
                            let count = recv(connection, buffer, 4096, 0)
                            if count <= 0 { break }
                            counts[1] += count
                        }
                    }
                }
            }
            _ = write(report, counts, 2 * MemoryLayout<Int>.size)
            _exit(0)
        }

        /// Waits for the child, and says whether a client connected and how many bytes it
        /// sent (-1: the child said nothing).
        func finish() -> (accepted: Bool, heard: Int) {
            var counts = [Int](repeating: -1, count: 2)
            let count = read(report, &counts, 2 * MemoryLayout<Int>.size)
            close(report)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            waited = true
            return count == 2 * MemoryLayout<Int>.size ? (counts[0] == 1, counts[1]) : (false, -1)
        }

        deinit {
            guard !waited else { return }
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            close(report)
        }
    }
    #endif
}
