import Foundation
import Testing

/// `screens serve` from the command line, without a browser: what it prints and refuses.
@Suite("screens serve")
struct ServeCommandTests {
    @Test("it prints the address with a token, serves the page there, and stops after --for")
    func servesAndStops() async throws {
        let served = try ServedApp(app: "scripts/hello", arguments: ["--for", "30"])
        defer { served.stop() }
        let url = try #require(URL(string: served.url))
        let port = try #require(url.port.flatMap { UInt16(exactly: $0) })
        let (status, page) = try HTTPExchange.send("GET", port: port, path: "/?" + (url.query ?? ""))
        #expect(status == 200)
        #expect(String(decoding: page, as: UTF8.self).contains("preview.js?token="))
        #expect(try HTTPExchange.send("GET", port: port, path: "/").0 == 403)
        #expect(served.standardError.contains("for changes to its Lua files"))
        #expect(!served.standardError.contains("WARNING"))
    }

    @Test("another address than loopback is served with a loud warning")
    func openToOthers() async throws {
        let result = try await ScreensProgram.screensDetached(["serve", "scripts/hello", "--host", "0.0.0.0", "--port", "0", "--for", "0.5"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("screens: WARNING: listening on 0.0.0.0, which other machines can reach"))
        #expect(result.stderr.contains("anyone who can connect"))
        #expect(result.stderr.contains("/?token="))
    }

    @Test("a host that is not an address, a port out of range and a time below 0 are refused", arguments: [
        (["--host", "example.com"], "--host needs an IP address"),
        (["--port", "70000"], "--port needs a number from 0 to 65535"),
        (["--for=-1"], "--for needs a number of seconds"),
    ])
    func refused(_ options: [String], _ message: String) async throws {
        let result = try await ScreensProgram.screensDetached(["serve", "scripts/hello"] + options)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message))
    }

    @Test("an app that does not load is said so, and nothing is served")
    func missingApp() async throws {
        let result = try await ScreensProgram.screensDetached(["serve", "scripts/no-such-app", "--port", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("screens: "))
        #expect(!result.stderr.contains("token="))
    }
}
