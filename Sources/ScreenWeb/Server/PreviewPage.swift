import Foundation
import LuaBridge

/// The files the browser is served, read from the program's resources once when the server
/// starts: the page, its style and its script, and the page a refused request gets. No other
/// file is ever served: the app's images reach the page inside the SVG, as data URIs.
///
/// The page names its style and script with the token (`preview.js?token=…`), so that their
/// requests carry it too; the refusal page holds no token.
public nonisolated struct PreviewPage: Sendable {
    /// What the server answers a path with: the bytes and their content type.
    struct File: Sendable {
        let body: Data
        let contentType: String
    }

    /// The files by the path that serves them.
    let files: [String: File]
    /// The page a request without the right token gets, with status 403.
    let refusal: Data

    /// Where the token goes in the page's links.
    static let tokenMark = "__TOKEN__"

    /// Reads the page's files and puts `token` in the page.
    ///
    /// - Throws: ``PreviewServerError`` when a file is missing from the program's resources.
    @MainActor public static func load(token: PreviewToken) throws(PreviewServerError) -> PreviewPage {
        let folder = LuaResourceFolder(bundle: "LuaScreens_ScreenWeb", folder: "Page", elsewhere: Bundle.module.resourcePath)
        func read(_ name: String) throws(PreviewServerError) -> Data {
            do {
                return Data(try folder.contents(of: name))
            } catch {
                throw PreviewServerError(error.message)
            }
        }
        let html = String(decoding: try read("index.html"), as: UTF8.self).replacingOccurrences(of: tokenMark, with: token.value)
        return PreviewPage(
            files: [
                "/": File(body: Data(html.utf8), contentType: "text/html; charset=utf-8"),
                "/preview.css": File(body: try read("preview.css"), contentType: "text/css; charset=utf-8"),
                "/preview.js": File(body: try read("preview.js"), contentType: "text/javascript; charset=utf-8"),
            ],
            refusal: try read("forbidden.html"))
    }
}
