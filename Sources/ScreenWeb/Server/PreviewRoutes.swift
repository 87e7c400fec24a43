import FlyingFox
import Foundation

/// What the server answers, before anything else looks at a request: the token first (a
/// missing or wrong one is 403 with the refusal page, whatever the path), then GET only,
/// then the page's three files and the WebSocket by their exact paths; any other path is 404.
/// There is no path under which a file is looked up, so no path, however it is encoded,
/// reaches a file of the app's or anyone else's.
nonisolated struct PreviewRoutes: HTTPHandler {
    let token: PreviewToken
    let page: PreviewPage
    let socket: WebSocketHTTPHandler

    /// The path the page's WebSocket connects to.
    static let socketPath = "/socket"

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard token.matches(request.query.map { ($0.name, $0.value) }) else {
            return Self.response(.forbidden, page.refusal, type: "text/html; charset=utf-8")
        }
        guard request.method == .GET else {
            var response = Self.response(.methodNotAllowed, Data("only GET is served\n".utf8), type: "text/plain; charset=utf-8")
            response.headers[HTTPHeader("Allow")] = "GET"
            return response
        }
        if request.path == Self.socketPath {
            return try await socket.handleRequest(request)
        }
        guard let file = page.files[request.path] else {
            return Self.response(.notFound, Data("no such page\n".utf8), type: "text/plain; charset=utf-8")
        }
        return Self.response(.ok, file.body, type: file.contentType)
    }

    /// A response that no cache keeps, no other site frames, and whose page loads nothing
    /// from elsewhere (its images are data URIs) nor sends the URL, token and all, to another.
    static func response(_ status: HTTPStatusCode, _ body: Data, type: String) -> HTTPResponse {
        HTTPResponse(
            statusCode: status,
            headers: [
                .contentType: type,
                .cacheControl: "no-store",
                HTTPHeader("X-Content-Type-Options"): "nosniff",
                HTTPHeader("Referrer-Policy"): "no-referrer",
                HTTPHeader("Content-Security-Policy"): contentSecurityPolicy,
            ],
            body: body)
    }

    static let contentSecurityPolicy = [
        "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src data:",
        "connect-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
    ].joined(separator: "; ")
}
