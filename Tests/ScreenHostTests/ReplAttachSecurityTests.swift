import Foundation
import Testing
@testable import ScreenHost

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `screens repl --attach` checks before it sends anything, and the folder check the
/// server shares: each decision, on real files and sockets. The attacks themselves, run
/// through the program, are ReplAttachAttackTests in ScreensCLITests.
@Suite("ReplClient refuses sockets that may not be the user's")
struct ReplAttachSecurityTests {
    /// A new folder with mode `mode`, removed after `body`.
    func withFolder(mode: mode_t = 0o700, _ body: (String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "attach-security-\(UUID().uuidString.prefix(8))"
        #expect(mkdir(folder, 0o700) == 0)
        chmod(folder, mode)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    /// A socket bound at `path` (nobody needs to listen for the checks before connecting).
    func bindSocket(_ path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = ReplProtocol.address(path)!
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        return fd
    }

    /// What `body` throws, or "passed".
    func message(_ body: () throws(ReplSocketError) -> Void) -> String {
        do throws(ReplSocketError) {
            try body()
            return "passed"
        } catch {
            return error.description
        }
    }

    /// What ``ReplClient/checkSocket(_:user:)`` says, or "passed".
    func socketCheck(_ path: String, user: uid_t = getuid()) -> String {
        message { () throws(ReplSocketError) in try ReplClient.checkSocket(path, user: user) }
    }

    @Test("a folder is private when it is a folder, not a link, the user's, mode 0700")
    func folderProblems() throws {
        let me = getuid()
        try withFolder { folder in
            #expect(ReplProtocol.privateFolderProblem(folder) == nil)
            #expect(ReplProtocol.privateFolderProblem(folder, user: me &+ 1) == .owner(me, user: me &+ 1))
            #expect(ReplProtocol.FolderProblem.owner(1001, user: 1000).clause("/f") == "the folder /f belongs to user 1001, not you (1000)")
            for mode: mode_t in [0o755, 0o770, 0o701, 0o600] {
                chmod(folder, mode)
                #expect(ReplProtocol.privateFolderProblem(folder) == .mode(mode))
            }
            #expect(ReplProtocol.FolderProblem.mode(0o55).clause("/f") == "the folder /f has mode 0055, not 0700")
            chmod(folder, 0o700)
            let link = folder + "-link"
            #expect(symlink(folder, link) == 0)
            defer { unlink(link) }
            #expect(ReplProtocol.privateFolderProblem(link) == .symbolicLink)
            let file = folder + "/file"
            #expect(FileManager.default.createFile(atPath: file, contents: Data()))
            #expect(ReplProtocol.privateFolderProblem(file) == .notAFolder)
            #expect(ReplProtocol.privateFolderProblem(folder + "/missing") == .unreadable(String(cString: strerror(ENOENT))))
        }
    }

    @Test("the server refuses the folders the client refuses, with the same words")
    func serverShares() throws {
        try withFolder(mode: 0o755) { folder in
            let prepare = { (folder: String) in message { () throws(ReplSocketError) in try ReplProtocol.preparePrivateFolder(folder) } }
            #expect(prepare(folder) == "the folder \(folder) has mode 0755, not 0700: refusing to listen there (chmod 700 it)")
            chmod(folder, 0o700)
            #expect(prepare(folder) == "passed")
            let link = folder + "-link"
            #expect(symlink(folder, link) == 0)
            defer { unlink(link) }
            #expect(prepare(link) == "the folder \(link) is a symbolic link: refusing to listen there")
        }
    }

    @Test("a socket of the user's in a 0700 folder passes; any other folder, a link, another's socket is refused, naming the path")
    func socketChecks() throws {
        let me = getuid()
        try withFolder { folder in
            let path = folder + "/app.sock"
            let fd = bindSocket(path)
            defer { close(fd) }
            #expect(socketCheck(path) == "passed")
            // The folder is looked at first: a user who is not the owner learns that.
            #expect(socketCheck(path, user: me &+ 1) == "refusing to attach to \(path): the folder \(folder) belongs to user \(me), not you (\(me &+ 1))")
            chmod(folder, 0o770)
            #expect(socketCheck(path) == "refusing to attach to \(path): the folder \(folder) has mode 0770, not 0700 (chmod 700 it)")
            chmod(folder, 0o700)

            let link = folder + "/link.sock"
            #expect(symlink(path, link) == 0)
            #expect(socketCheck(link) == "refusing to attach to \(link): it is a symbolic link (give the socket's own path)")

            let linkedFolder = folder + "-link"
            #expect(symlink(folder, linkedFolder) == 0)
            defer { unlink(linkedFolder) }
            #expect(socketCheck(linkedFolder + "/app.sock") == "refusing to attach to \(linkedFolder)/app.sock: the folder \(linkedFolder) is a symbolic link")

            #expect(socketCheck(folder + "/none.sock") == "no app is listening on \(folder)/none.sock: there is no such socket")
            if me == 0 {
                #expect(chown(path, 65534, 65534) == 0)
                #expect(socketCheck(path) == "refusing to attach to \(path): the socket belongs to user 65534, not you (0)")
            }
        }
    }

    @Test("the listener's user is the kernel's record of it: the user's own passes, another's is refused")
    func listenerCheck() throws {
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { pair.forEach { close($0) } }
        let me = getuid()
        #expect(ReplProtocol.peerUser(pair[0]) == me)
        let check = { (fd: Int32, user: uid_t) in
            message { () throws(ReplSocketError) in try ReplClient.checkListener(of: fd, path: "/run/x.sock", user: user) }
        }
        #expect(check(pair[0], me) == "passed")
        #expect(check(pair[0], me &+ 1) == "refusing to attach to /run/x.sock: the process listening on it runs as user \(me), not you (\(me &+ 1))")
        // Not a socket: the system cannot say, and that is a refusal too.
        #expect(check(-1, me).hasPrefix("refusing to attach to /run/x.sock: cannot tell which user the process listening on it runs as ("))
    }

    @Test("a refused socket is never connected to: the listener has no connection waiting")
    func refusedBeforeConnecting() throws {
        try withFolder(mode: 0o755) { folder in
            let path = folder + "/app.sock"
            let fd = bindSocket(path)
            defer { close(fd) }
            #expect(listen(fd, 4) == 0)
            #expect(message { () throws(ReplSocketError) in _ = try ReplClient(path: path) }
                == "refusing to attach to \(path): the folder \(folder) has mode 0755, not 0700 (chmod 700 it)")
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            #expect(poll(&waiting, 1, 0) == 0, "the client connected")
        }
    }
}
