import Dispatch
import EventLoop
import FlyingFox
import FlyingSocks
import Foundation

/// The HTTP and WebSocket server of `screens serve`, on FlyingFox: the page for a browser,
/// and one WebSocket per tab, whose messages go to the loop through its mailbox (see
/// ``PreviewSession``). The server runs on Swift's tasks, off the loop's thread, and touches
/// nothing of the app: it only answers with the page's files and passes messages on.
///
/// ```swift
/// let token = PreviewToken()
/// let server = try PreviewServer(
///     address: try PreviewAddress(host: "127.0.0.1", port: 0), token: token,
///     page: try PreviewPage.load(token: token), events: session.events)
/// print(server.url)            // http://127.0.0.1:41235/?token=…
/// session.run(for: nil)
/// server.stop()
/// ```
public nonisolated final class PreviewServer: Sendable {
    /// Where it listens, with the port the system gave when 0 was asked for.
    public let address: PreviewAddress
    public let token: PreviewToken
    private let http: HTTPServer

    /// How long starting waits for the socket to listen.
    static let startLimit = 10.0

    /// Starts listening, and returns once it does.
    ///
    /// - Throws: ``PreviewServerError`` saying why it cannot listen there (a port taken, an
    ///   address this machine does not have).
    public init(
        address: PreviewAddress, token: PreviewToken, page: PreviewPage, events: LoopMailbox<PreviewEvent>.Sender
    ) throws(PreviewServerError) {
        self.token = token
        let socket = WebSocketHTTPHandler(
            handler: MessageFrameWSHandler(handler: PreviewSocket(events: events, counter: ConnectionCounter())))
        let routes = PreviewRoutes(token: token, page: page, socket: socket)
        let bound: any SocketAddress
        do {
            bound = try address.socketAddress()
        } catch {
            throw PreviewServerError("cannot listen on \(address.urlHost):\(address.port): \(error)")
        }
        let http = HTTPServer(config: .init(address: bound, logger: .disabled), handler: routes)
        self.http = http
        let port = try Self.start(http, address: address)
        self.address = address.with(port: port)
    }

    /// The URL to open: the address and the token.
    public var url: String {
        "http://\(address.urlHost):\(address.port)/?token=\(token.value)"
    }

    /// Runs `http` on a task of its own and waits until it listens or fails.
    ///
    /// - Returns: the port it listens on.
    private static func start(_ http: HTTPServer, address: PreviewAddress) throws(PreviewServerError) -> UInt16 {
        let outcome = StartOutcome()
        Task.detached {
            do {
                try await http.run()
            } catch {
                outcome.settle(.failure(PreviewServerError("cannot listen on \(address.urlHost):\(address.port): \(describe(error))")))
            }
        }
        Task.detached {
            try? await http.waitUntilListening(timeout: startLimit)
            switch await http.listeningAddress {
            case .ip4(_, let port), .ip6(_, let port):
                outcome.settle(.success(port))
            default:
                outcome.settle(.failure(PreviewServerError("the server did not start listening within \(Int(startLimit)) seconds")))
            }
        }
        return try outcome.wait().get()
    }

    /// What a socket error says, in words: "Address already in use".
    private static func describe(_ error: any Error) -> String {
        if let error = error as? SocketError, case .failed(_, let errno, let message) = error {
            return errno == EADDRINUSE ? "the port is in use" : message
        }
        return "\(error)"
    }

    /// Stops listening and closes every connection; returns once it has.
    public func stop() {
        let done = DispatchSemaphore(value: 0)
        let http = self.http
        Task.detached {
            await http.stop(timeout: 0)
            done.signal()
        }
        _ = done.wait(timeout: .now() + 2)
    }
}

/// The first outcome of starting the server, which the starting thread waits for.
private nonisolated final class StartOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private let ready = DispatchSemaphore(value: 0)
    private var result: Result<UInt16, PreviewServerError>?

    func settle(_ outcome: Result<UInt16, PreviewServerError>) {
        lock.lock()
        defer { lock.unlock() }
        guard result == nil else { return }
        result = outcome
        ready.signal()
    }

    func wait() -> Result<UInt16, PreviewServerError> {
        ready.wait()
        lock.lock()
        defer { lock.unlock() }
        return result!
    }
}
