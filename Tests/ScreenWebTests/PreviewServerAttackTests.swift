import EventLoop
import FlyingFox
import FlyingSocks
import Foundation
import Testing
@testable import ScreenWeb

/// The server as an attacker meets it: requests written byte for byte (FlyingFox's client
/// sends the target as given, where a URL library would tidy `..` away), against a server
/// started as `screens serve` starts it.
@MainActor
@Suite("Preview server attacks", .serialized)
final class PreviewServerAttackTests {
    let loop = EventLoop(clock: .virtual)
    let mailbox: LoopMailbox<PreviewEvent>
    let server: PreviewServer
    let token = PreviewToken()

    init() throws {
        mailbox = try loop.addMailbox { (_: [PreviewEvent]) in }
        server = try PreviewServer(
            address: try PreviewAddress(host: "127.0.0.1", port: 0), token: token, page: try PreviewPage.load(token: token),
            events: mailbox.sender)
    }

    isolated deinit {
        server.stop()
        mailbox.close()
    }

    /// Sends `GET target` (or another method) as written, with `headers`.
    func request(_ target: String, method: HTTPMethod = .GET, headers: HTTPHeaders = [:]) async throws -> (status: Int, body: String) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var headers = headers
        headers[.host] = "127.0.0.1:\(server.address.port)"
        let request = HTTPRequest(
            method: method, version: .http11,
            target: HTTPRequest.Target(path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : ""),
            headers: headers, body: HTTPBodySequence(data: Data()))
        var client = HTTPClient()
        let response = try await client.sendHTTPRequest(request, to: try sockaddr_in.inet(ip4: "127.0.0.1", port: server.address.port))
        let body = response.statusCode == .switchingProtocols ? Data() : try await response.bodyData
        return (response.statusCode.code, String(decoding: body, as: UTF8.self))
    }

    var query: String { "token=\(token.value)" }

    @Test("the page with the token; its style and script name it too")
    func page() async throws {
        let (status, body) = try await request("/?\(query)")
        #expect(status == 200)
        #expect(body.contains("preview.js?token=\(token.value)"))
        #expect(try await request("/preview.js?\(query)").status == 200)
        #expect(try await request("/preview.css?\(query)").status == 200)
    }

    @Test("no token, a wrong one, one in another case, or two: 403 with the way to the right address", arguments: [
        "/", "/preview.js", "/socket", "/?token=", "/?token=0123456789abcdef0123456789abcdef", "/?tokens=TOKEN",
        "/?token=TOKEN&token=TOKEN", "/?token=TOKEN%00", "/?token=TOKENx", "/?token=TOKEN_UPPER", "/?Token=TOKEN",
    ])
    func refused(_ target: String) async throws {
        let target = target
            .replacingOccurrences(of: "TOKEN_UPPER", with: token.value.uppercased())
            .replacingOccurrences(of: "TOKEN", with: token.value)
        let (status, body) = try await request(target)
        #expect(status == 403)
        #expect(body.contains("Look in the terminal where <code>screens serve APP</code> runs"))
        #expect(!body.contains(token.value))
    }

    @Test("the WebSocket upgrade needs the token too")
    func upgrade() async throws {
        let upgrade: HTTPHeaders = [
            .connection: "Upgrade", .upgrade: "websocket", .webSocketVersion: "13",
            .webSocketKey: Data((0..<16).map { UInt8($0) }).base64EncodedString(),
        ]
        #expect(try await request("/socket", headers: upgrade).status == 403)
        #expect(try await request("/socket?token=\(token.value.uppercased())", headers: upgrade).status == 403)
        #expect(try await request("/socket?\(query)", headers: upgrade).status == 101)
    }

    @Test("no path reaches a file, the app's or another's, however it is written", arguments: [
        "/../../../../../../etc/passwd", "/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "//etc/passwd", "/preview.js/../../../../etc/passwd", "/main.lua", "/outside", "/Apps/preview/main.lua",
        "/..\\..\\etc\\passwd", "/%252e%252e/etc/passwd", "/index.html",
    ])
    func traversal(_ path: String) async throws {
        let (status, body) = try await request("\(path)?\(query)")
        #expect(status == 404)
        #expect(!body.contains("root:"))
    }

    @Test("a link in the app's folder pointing out is not followed: the server reads no file of the app's")
    func linkOut() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linked-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("outside").path, withDestinationPath: "/etc/passwd")
        for path in ["/outside", "/\(folder.lastPathComponent)/outside", folder.appendingPathComponent("outside").path] {
            let (status, body) = try await request("\(path)?\(query)")
            #expect(status == 404)
            #expect(!body.contains("root:"))
        }
    }

    @Test("only GET is served")
    func methods() async throws {
        #expect(try await request("/?\(query)", method: .POST).status == 405)
        #expect(try await request("/?\(query)", method: .PUT).status == 405)
        #expect(try await request("/", method: .DELETE).status == 403)
    }
}

@Suite("Preview tokens and addresses")
struct PreviewTokenTests {
    @Test("a token is 32 hexadecimal digits, new each time")
    func random() {
        let first = PreviewToken(), second = PreviewToken()
        #expect(first.value.count == 32)
        #expect(first.value.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(first != second)
    }

    @Test("exactly one token item, exactly equal")
    func matching() {
        let token = PreviewToken(value: "00112233445566778899aabbccddeeff")
        #expect(token.matches([("token", token.value)]))
        #expect(token.matches([("other", "x"), ("token", token.value)]))
        #expect(!token.matches([]))
        #expect(!token.matches([("token", token.value.uppercased())]))
        #expect(!token.matches([("token", String(token.value.dropLast()))]))
        #expect(!token.matches([("token", token.value), ("token", token.value)]))
        #expect(!token.matches([("TOKEN", token.value)]))
    }

    @Test("loopback addresses, others, and names that are not addresses")
    func addresses() throws {
        #expect(try PreviewAddress(host: "127.0.0.1", port: 1).isLoopback)
        #expect(try PreviewAddress(host: "127.8.9.10", port: 1).isLoopback)
        #expect(try PreviewAddress(host: "localhost", port: 1).host == "127.0.0.1")
        #expect(try PreviewAddress(host: "::1", port: 1).isLoopback)
        #expect(try PreviewAddress(host: "::1", port: 1).urlHost == "[::1]")
        #expect(try !PreviewAddress(host: "0.0.0.0", port: 1).isLoopback)
        #expect(try !PreviewAddress(host: "::", port: 1).isLoopback)
        #expect(try !PreviewAddress(host: "192.168.1.20", port: 1).isLoopback)
        #expect(try !PreviewAddress(host: "::ffff:127.0.0.1", port: 1).isLoopback)
        #expect(throws: PreviewServerError.self) { try PreviewAddress(host: "example.com", port: 1) }
        #expect(throws: PreviewServerError.self) { try PreviewAddress(host: "", port: 1) }
    }

    @Test("a port taken is said so")
    @MainActor
    func portTaken() throws {
        let loop = EventLoop(clock: .virtual)
        let mailbox = try loop.addMailbox { (_: [PreviewEvent]) in }
        defer { mailbox.close() }
        let token = PreviewToken()
        let page = try PreviewPage.load(token: token)
        let first = try PreviewServer(address: try PreviewAddress(host: "127.0.0.1", port: 0), token: token, page: page, events: mailbox.sender)
        defer { first.stop() }
        #expect {
            _ = try PreviewServer(address: first.address, token: token, page: page, events: mailbox.sender)
        } throws: { error in
            "\(error)".contains("cannot listen on 127.0.0.1:\(first.address.port): the port is in use")
        }
    }
}
