import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven over the WebDriver protocol: `chromedriver` (Debian's
/// `chromium-driver`) started on a free port, one browser session, and the few commands the
/// preview's tests need — open a page, find an element, click it, press keys, run a script,
/// take a screenshot — as JSON over HTTP.
///
/// ```swift
/// let browser = try WebDriver()
/// defer { browser.quit() }
/// try browser.open("http://127.0.0.1:8765/?token=…")
/// try browser.click(try browser.element(xpath: "//button[@id='rotate']"))
/// ```
final class WebDriver {
    private let driver: Process
    private let port: UInt16
    private var session = ""

    /// Why a browser cannot be had here, or nil when one starts: asked once, by the tests'
    /// condition, which skips them with this message.
    static let unavailability: String? = {
        do {
            let browser = try WebDriver()
            browser.quit()
            return nil
        } catch {
            let reason = "Chromium cannot start here (\(error)): the browser tests of screens serve are skipped"
            FileHandle.standardError.write(Data((reason + "\n").utf8))
            return reason
        }
    }()

    /// How long a command may take before it fails (a page load on a loaded machine included).
    static let commandLimit = 120.0

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Starts chromedriver and a headless Chromium session.
    init() throws {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init) + ["/usr/bin"]
        guard let path = folders.map({ $0 + "/chromedriver" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure("chromedriver is not installed")
        }
        driver = Process()
        driver.executableURL = URL(fileURLWithPath: path)
        driver.arguments = ["--port=0"]
        let output = Pipe()
        driver.standardOutput = output
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        // "ChromeDriver was started successfully on port 44233."
        var printed = ""
        let end = Date().addingTimeInterval(30)
        var port: String?
        while port == nil, Date() < end, driver.isRunning {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
            if let range = printed.range(of: #"started successfully on port (\d+)"#, options: .regularExpression) {
                port = String(printed[range].split(separator: " ").last ?? "")
            }
        }
        guard let port else {
            Self.end(driver)
            throw Failure("chromedriver did not say its port: \(printed)")
        }
        // What it writes later is read and dropped, so that a full pipe never stops it.
        output.fileHandleForReading.readabilityHandler = { _ = $0.availableData }
        self.port = UInt16(port) ?? 0
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "goog:chromeOptions": [
                        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,900"],
                    ] as [String: Any],
                ] as [String: Any],
            ] as [String: Any],
        ]
        do {
            let created = try command("POST", "/session", capabilities)
            guard let id = (created as? [String: Any])?["sessionId"] as? String else { throw Failure("no session in \(String(describing: created))") }
            session = id
        } catch {
            Self.end(driver)
            throw error
        }
    }

    /// Ends `process`: SIGTERM, and SIGKILL if it is still there after a few seconds.
    private static func end(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let end = Date().addingTimeInterval(5)
        while process.isRunning && Date() < end { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Ends the browser session and chromedriver.
    func quit() {
        if !session.isEmpty { _ = try? command("DELETE", "/session/\(session)") }
        session = ""
        Self.end(driver)
    }

    // MARK: - Commands

    func open(_ url: String) throws {
        try command("POST", "/session/\(session)/url", ["url": url])
    }

    /// The element an XPath finds; throws when none does.
    func element(xpath: String) throws -> String {
        let found = try command("POST", "/session/\(session)/element", ["using": "xpath", "value": xpath])
        guard let reference = (found as? [String: Any])?.values.first as? String else { throw Failure("no element at \(xpath)") }
        return reference
    }

    /// Clicks in the middle of the element, as a person would: pointer down and up there.
    func click(_ element: String) throws {
        try command("POST", "/session/\(session)/element/\(element)/click", [String: Any]())
    }

    /// Clicks at a point of the page's viewport: pointer down and up there, as a mouse does.
    func click(x: Double, y: Double) throws {
        let actions: [[String: Any]] = [
            ["type": "pointerMove", "origin": "viewport", "x": Int(x.rounded()), "y": Int(y.rounded()), "duration": 0],
            ["type": "pointerDown", "button": 0], ["type": "pointerUp", "button": 0],
        ]
        let pointer: [String: Any] = ["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": actions]
        try command("POST", "/session/\(session)/actions", ["actions": [pointer]])
        try command("DELETE", "/session/\(session)/actions")
    }

    /// Presses and releases each key in turn (a character, or a WebDriver key code such as
    /// ``tab``), on whatever has the focus.
    func press(_ keys: [String]) throws {
        let actions = keys.flatMap { [["type": "keyDown", "value": $0], ["type": "keyUp", "value": $0]] }
        try command("POST", "/session/\(session)/actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
        try command("DELETE", "/session/\(session)/actions")
    }

    static let tab = "\u{E004}"
    static let enter = "\u{E007}"

    /// Runs `script` (a function body; `arguments[0]`... are `arguments`) in the page.
    @discardableResult
    func run(_ script: String, _ arguments: [Any] = []) throws -> Any? {
        try command("POST", "/session/\(session)/execute/sync", ["script": script, "args": arguments])
    }

    /// The page as a PNG.
    func screenshot() throws -> Data {
        guard let text = try command("GET", "/session/\(session)/screenshot") as? String, let data = Data(base64Encoded: text) else {
            throw Failure("no screenshot")
        }
        return data
    }

    /// Asks `condition` until it is true, every 0.1 s, for at most `seconds`: a deadline that
    /// only keeps a broken run from hanging, not a timing the test depends on.
    func waitUntil(_ what: String, seconds: Double = 60, _ condition: () throws -> Bool) throws {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw Failure("\(what) did not happen within \(Int(seconds)) s")
    }

    /// Sends one command and returns its `value`; a WebDriver error is thrown with its message.
    @discardableResult
    private func command(_ method: String, _ path: String, _ body: Any? = nil) throws -> Any? {
        let (status, data) = try HTTPExchange.send(
            method, port: port, path: path, json: try body.map { try JSONSerialization.data(withJSONObject: $0) },
            timeout: Self.commandLimit)
        let reply = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        let value = reply?["value"]
        guard status == 200 else {
            let message = (value as? [String: Any])?["message"] as? String ?? String(decoding: data, as: UTF8.self)
            throw Failure("\(method) \(path): \(status) \(message)")
        }
        return value is NSNull ? nil : value
    }

}

/// HTTP/1.1 exchanges on the loopback, one connection each, waited for on the calling
/// thread: a test's client for chromedriver and the server under test. (Foundation's
/// URLSession on Linux refuses chromedriver's replies, whose headers have no space after the
/// colon: "Failed writing header".)
enum HTTPExchange {
    /// Sends `method path` to 127.0.0.1:`port` and reads the reply to its end.
    ///
    /// - Returns: the status and the body.
    static func send(_ method: String, port: UInt16, path: String, json: Data? = nil, timeout: Double = 60) throws -> (Int, Data) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw WebDriver.Failure("no socket") }
        defer { close(fd) }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw WebDriver.Failure("cannot connect to port \(port)") }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let json { head += "Content-Type: application/json\r\nContent-Length: \(json.count)\r\n" }
        let request = Data((head + "\r\n").utf8) + (json ?? Data())
        let written = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == request.count else { throw WebDriver.Failure("cannot send to port \(port)") }
        // The reply's head, then as much body as its Content-Length says (or all until the
        // end, without one): a server may keep the connection open after it.
        var reply = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        var headEnd: Range<Data.Index>?
        var length: Int?
        while headEnd == nil || length.map({ reply.count - headEnd!.upperBound < $0 }) ?? true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            reply.append(contentsOf: buffer[0..<count])
            if headEnd == nil, let found = reply.range(of: Data("\r\n\r\n".utf8)) {
                headEnd = found
                let head = String(decoding: reply[..<found.lowerBound], as: UTF8.self).lowercased()
                length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
            }
        }
        guard let headEnd,
            let statusLine = String(data: reply[..<headEnd.lowerBound], encoding: .utf8)?.split(separator: "\r\n").first,
            let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { throw WebDriver.Failure("no HTTP reply from port \(port)") }
        return (status, Data(reply[headEnd.upperBound...]))
    }
}
