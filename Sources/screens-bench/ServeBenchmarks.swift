#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLoop
import FlyingSocks
import Foundation
import LuaBridge
import ScreenKit
import ScreenRender
import ScreenScript
import ScreenWeb

/// The browser preview's figures, on `serve.lua` (a full iPhone screen with a label that
/// counts each touch that begins on it):
/// - the time from a touch sent on a WebSocket to the frame with the changed label coming
///   back, through `screens serve`'s server, mailbox, loop, render and patch, against the loop
///   handling the same touch and rendering the SVG itself;
/// - the same from the touch's message posted to the loop's mailbox, as the server posts it,
///   to the frame handed back to the server, all on the loop's thread: the session's part;
/// - the bytes sent for that frame against the whole SVG.
///
/// `screens-bench serve` runs them. The touches are 40 ms apart, so that the 60 frames a
/// second never hold one back: what is timed is the way there and back, not the pacing.
func runServeBenchmarks(_ bench: inout Benchmark) throws {
    let all = bench.wants("serve:")
    let latency = "serve: touch on the WebSocket to its changed frame back (vs the loop handling it and rendering the SVG)"
    let session = "serve: touch from the mailbox to its frame handed back, one thread (vs the same)"
    let bytes = "serve: bytes sent after one label changes, iPhone (vs the whole SVG)"
    guard all || bench.wants(latency) || bench.wants(session) || bench.wants(bytes) else { return }
    let path = try LuaResourceFolder.bench.path(of: "serve.lua")
    let reloader = AppReloader(appPath: path)
    let host = try reloader.makeHost(loop: EventLoop(clock: .real))
    try host.loadApp(at: path)
    try host.launch()
    guard let window = host.keyWindow else { throw LuaError(kind: .runtime, message: "serve.lua showed no window") }
    let counter = Point(x: 160, y: 20)
    let touches = 20

    // The loop's own work for one touch: the touch reaches the label, then the SVG is drawn.
    // Touches come as far apart as the served ones, so that both find the caches as a
    // person's touch finds them.
    var baseline = Double.infinity
    for _ in 0..<bench.rounds {
        var total = 0.0
        for _ in 0..<touches {
            Thread.sleep(forTimeInterval: 0.04)
            total += bench.time {
                InputPlayer.apply(.touch(.began, counter, id: 0), to: window)
                _ = SVGRenderer().render(window)
            }
            InputPlayer.apply(.touch(.ended, counter, id: 0), to: window)
        }
        baseline = min(baseline, total / Double(touches))
    }

    let preview = try PreviewSession(host: host, reloader: reloader)
    if all || bench.wants(session) {
        let ours = try sessionTouches(preview, at: counter, rounds: bench.rounds, touches: touches)
        bench.report(Figure(name: session, ours: ours, baseline: baseline, target: 2))
    }
    let token = PreviewToken()
    let server = try PreviewServer(
        address: try PreviewAddress(host: "127.0.0.1", port: 0), token: token, page: try PreviewPage.load(token: token),
        events: preview.events)
    let loop = host.loop
    var outcome: ServeClient.Outcome?
    let finished = try loop.addMailbox { (outcomes: [ServeClient.Outcome]) in
        outcome = outcomes.last
        loop.quit()
    }
    let client = ServeClient(port: server.address.port, token: token.value, point: counter, rounds: bench.rounds, touches: touches)
    let sender = finished.sender
    Thread.detachNewThread { sender.post(client.run()) }
    _ = preview.run(for: 300)
    server.stop()
    preview.close()
    finished.close()
    guard let outcome, outcome.failure == nil else {
        throw LuaError(kind: .runtime, message: "the WebSocket client failed: \(outcome?.failure ?? "it did not finish")")
    }
    if all || bench.wants(latency) {
        bench.report(Figure(name: latency, ours: outcome.nanosecondsPerTouch, baseline: baseline, target: 2))
    }
    if all || bench.wants(bytes) {
        bench.report(Figure(
            name: bytes, ours: Double(outcome.patchBytes), baseline: Double(outcome.wholeBytes), unit: "bytes", target: 1))
    }
}

/// Nanoseconds from a touch's message posted to the session's mailbox to the frame with the
/// changed label handed to its tab's outbox, the loop stepped on this thread meanwhile: the
/// session's part of a touch, without the server's threads.
private func sessionTouches(_ session: PreviewSession, at point: Point, rounds: Int, touches: Int) throws -> Double {
    let loop = session.host.loop
    let tab = BenchTab()
    let id = Int.max
    session.events.post(.opened(id, tab.outbox))
    func step(until done: () -> Bool) throws {
        let end = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        while !done() {
            guard DispatchTime.now().uptimeNanoseconds < end else {
                throw LuaError(kind: .runtime, message: "the session sent no frame within 10 s")
            }
            loop.runOnce()
        }
    }
    try step { tab.lastCount != nil }
    var count = tab.lastCount ?? 0
    var best = Double.infinity
    for _ in 0..<rounds {
        var total = 0.0
        for _ in 0..<touches {
            // The frame the last touch's end made goes out first, in its time.
            Thread.sleep(forTimeInterval: 0.02)
            loop.runOnce()
            Thread.sleep(forTimeInterval: 0.02)
            count += 1
            let start = DispatchTime.now().uptimeNanoseconds
            session.events.post(.received(id, #"{"type":"touch","phase":"began","x":\#(point.x),"y":\#(point.y)}"#))
            try step { tab.lastCount == count }
            total += Double(DispatchTime.now().uptimeNanoseconds - start)
            session.events.post(.received(id, #"{"type":"touch","phase":"ended","x":\#(point.x),"y":\#(point.y)}"#))
            loop.runOnce()
        }
        best = min(best, total / Double(touches))
    }
    session.events.post(.closed(id))
    loop.runOnce()
    return best
}

/// A tab on the loop's own thread: the count the last message it was sent shows.
private nonisolated final class BenchTab: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int?

    var outbox: PreviewOutbox {
        PreviewOutbox(send: { [self] text in
            guard let shown = ServeClient.count(in: text) else { return }
            lock.lock()
            count = shown
            lock.unlock()
        }, finish: {})
    }

    var lastCount: Int? {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// A browser tab as the figures need one, on a thread of its own: it connects to the
/// preview's WebSocket, touches the counter, and times each touch until the frame with the
/// new count arrives.
///
/// Foundation's URLSession has no WebSocket client on Linux ("WebSockets not supported by
/// libcurl"), so this speaks the protocol's client side itself, as little of it as the
/// figures need: the upgrade, masked text frames out, text frames (and their continuations)
/// in. The server it measures is FlyingFox's.
private nonisolated final class ServeClient: Sendable {
    struct Outcome: Sendable {
        var nanosecondsPerTouch = 0.0
        /// The bytes of the message that brought the changed label.
        var patchBytes = 0
        /// The bytes of the whole SVG, as the first frame brought it.
        var wholeBytes = 0
        var failure: String?
    }

    let port: UInt16
    let token: String
    let point: Point
    let rounds: Int
    let touches: Int

    init(port: UInt16, token: String, point: Point, rounds: Int, touches: Int) {
        self.port = port
        self.token = token
        self.point = point
        self.rounds = rounds
        self.touches = touches
    }

    func run() -> Outcome {
        var outcome = Outcome()
        do {
            let socket = try BenchWebSocket(port: port, path: "/socket?token=\(token)")
            defer { socket.close() }
            var count = 0
            // The greeting ends with the whole frame.
            while true {
                let message = try socket.receive()
                guard message.contains(#""type":"frame""#) else { continue }
                let svg = try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any]
                outcome.wholeBytes = (svg?["svg"] as? String)?.utf8.count ?? 0
                count = Self.count(in: message) ?? 0
                break
            }
            var best = Double.infinity
            for _ in 0..<rounds {
                var total = 0.0
                for _ in 0..<touches {
                    Thread.sleep(forTimeInterval: 0.04)
                    count += 1
                    let start = DispatchTime.now().uptimeNanoseconds
                    try socket.send(#"{"type":"touch","phase":"began","x":\#(point.x),"y":\#(point.y)}"#)
                    var message = ""
                    repeat { message = try socket.receive() } while Self.count(in: message) != count
                    total += Double(DispatchTime.now().uptimeNanoseconds - start)
                    outcome.patchBytes = message.utf8.count
                    try socket.send(#"{"type":"touch","phase":"ended","x":\#(point.x),"y":\#(point.y)}"#)
                }
                best = min(best, total / Double(touches))
            }
            outcome.nanosecondsPerTouch = best
        } catch {
            outcome.failure = "\(error)"
        }
        return outcome
    }

    /// The count a message shows (`>count 12<`), if it shows one.
    static func count(in message: String) -> Int? {
        guard let range = message.range(of: #">count \d+<"#, options: .regularExpression) else { return nil }
        return Int(message[range].dropFirst(">count ".count).dropLast())
    }
}

/// The client side of a WebSocket on the loopback, on FlyingSocks' blocking socket: see
/// ``ServeClient``.
private nonisolated final class BenchWebSocket: @unchecked Sendable {
    private let socket: Socket
    private var buffer: [UInt8] = []

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(port: UInt16, path: String) throws {
        socket = try Socket(domain: AF_INET, type: .stream)
        // Each message goes at once, as a browser sends its events.
        try socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
        try socket.connect(to: sockaddr_in.inet(ip4: "127.0.0.1", port: port))
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        try write(Array((
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) { head += try read(1) }
        let statusLine = String(decoding: head.prefix { $0 != 13 }, as: UTF8.self)
        guard statusLine.contains(" 101 ") else { throw Failure(description: "the upgrade was refused: \(statusLine)") }
    }

    func close() {
        try? socket.close()
    }

    /// One text message, masked as a client's must be.
    func send(_ text: String) throws {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: frame += [0x80 | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try write(frame)
    }

    /// The next text message, its continuation frames joined; other frames are skipped.
    func receive() throws -> String {
        var message: [UInt8] = []
        while true {
            let head = try read(2)
            var length = Int(head[1] & 0x7F)
            if length == 126 {
                length = try read(2).reduce(0) { $0 << 8 | Int($1) }
            } else if length == 127 {
                length = try read(8).reduce(0) { $0 << 8 | Int($1) }
            }
            let payload = try read(length)
            let opcode = head[0] & 0x0F
            guard opcode == 0x1 || opcode == 0x0 else { continue }
            message += payload
            if head[0] & 0x80 != 0 { return String(decoding: message, as: UTF8.self) }
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        let data = Data(bytes)
        var index = data.startIndex
        while index < data.endIndex { index = try socket.write(data, from: index) }
    }

    private func read(_ count: Int) throws -> [UInt8] {
        while buffer.count < count { buffer += try socket.read(atMost: 65536) }
        defer { buffer.removeFirst(count) }
        return Array(buffer[0..<count])
    }
}
