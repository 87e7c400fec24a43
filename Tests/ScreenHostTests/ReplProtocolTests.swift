import Foundation
import Testing
@testable import ScreenHost

@Suite("ReplProtocol")
struct ReplProtocolTests {
    @Test("a text of several lines is several lines with the same tag; an empty text is the tag alone")
    func encode() {
        #expect(String(decoding: ReplProtocol.encode(.result, "{1,\n 2}"), as: UTF8.self) == "= {1,\n=  2}\n")
        #expect(String(decoding: ReplProtocol.encode(.interrupt), as: UTF8.self) == "I\n")
        #expect(String(decoding: ReplProtocol.encode(.text, "a\r\nb"), as: UTF8.self) == "- a\n- b\n")
    }

    @Test("decoding takes a known tag with a space or alone; anything else is no line")
    func decode() {
        #expect(ReplProtocol.decode(Array("L 1 + 1".utf8))! == (.line, "1 + 1"))
        #expect(ReplProtocol.decode(Array("I".utf8))! == (.interrupt, ""))
        #expect(ReplProtocol.decode(Array("Lx".utf8)) == nil)
        #expect(ReplProtocol.decode(Array("Z text".utf8)) == nil)
        #expect(ReplProtocol.decode([]) == nil)
        #expect(ReplProtocol.decode([0xFF, 0x20]) == nil)
    }

    @Test("the default socket: under XDG_RUNTIME_DIR when it is absolute, else a folder of the user's in /tmp")
    func defaultPath() {
        #expect(ReplProtocol.defaultPath(appID: "hello", environment: ["XDG_RUNTIME_DIR": "/run/user/7"]) == "/run/user/7/luascreens/hello.sock")
        #expect(ReplProtocol.defaultFolder(environment: [:]) == "/tmp/luascreens-\(getuid())")
        #expect(ReplProtocol.defaultFolder(environment: ["XDG_RUNTIME_DIR": "relative"]) == "/tmp/luascreens-\(getuid())")
    }

    @Test("--attach takes a path (a / or .sock), an app id, or nothing for the only socket")
    func attachTarget() throws {
        let environment = ["XDG_RUNTIME_DIR": "/nowhere-\(UUID())"]
        #expect(try ReplClient.socketPath(for: "./x", environment: environment) == "./x")
        #expect(try ReplClient.socketPath(for: "x.sock", environment: environment) == "x.sock")
        #expect(try ReplClient.socketPath(for: "hello", environment: environment) == environment["XDG_RUNTIME_DIR"]! + "/luascreens/hello.sock")
        #expect(throws: ReplSocketError.self) { try ReplClient.socketPath(for: nil, environment: environment) }
    }

    @Test("--attach given the app's folder or a file that is not a socket says so, rather than a stale socket")
    func attachNotASocket() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("attach-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("main.lua")
        try Data("return {}".utf8).write(to: file)
        let message = { (path: String) -> String in
            do throws(ReplSocketError) {
                _ = try ReplClient(path: path)
                return "connected"
            } catch {
                return error.description
            }
        }
        #expect(message(folder.path).hasPrefix("\(folder.path) is a folder: attach by the app's id"))
        #expect(message(file.path).hasPrefix("\(file.path) is not a socket: attach by the app's id"))
    }
}
