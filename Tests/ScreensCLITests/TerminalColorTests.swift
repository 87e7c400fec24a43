import Foundation
import Testing

/// `screens run` in colour on a real terminal: tmux keeps the colours the app writes, and
/// `capture-pane -e` gives them back as SGR sequences. The gallery has backgrounds of its
/// own (the ratings' colours) on iOS's white page.
@Suite("Colour on a terminal, in tmux", .serialized, .enabled(if: Tmux.isAvailable))
struct TerminalColorTests {
    static let app = "scripts/gallery"
    /// What the gallery shows once it is drawn: its tab bar.
    static let drawn = "Ratings"

    /// The SGR parameter lists of the sequences in `screen`.
    static func sgrParameters(in screen: String) -> [[Int]] {
        var found: [[Int]] = []
        var rest = Substring(screen)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            let body = rest.prefix { $0.isNumber || $0 == ";" }
            rest = rest.dropFirst(body.count)
            if rest.first == "m" { found.append(body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }) }
        }
        return found
    }

    /// Whether a list of SGR parameters chooses a colour: 30–38 or 40–48 (39 and 49 are the
    /// defaults), 90–97 or 100–107, read as a terminal reads them (the numbers after 38;2 or
    /// 38;5 are the colour's).
    static func choosesColour(_ parameters: [Int]) -> Bool {
        var index = 0
        while index < parameters.count {
            let code = parameters[index]
            if code == 38 || code == 48 { return true }
            if (30...47).contains(code) && code != 39 || (90...97).contains(code) || (100...107).contains(code) { return true }
            index += 1
        }
        return false
    }

    func run(_ arguments: [String], environment: [String: String]) throws -> String {
        let tmux = try Tmux()
        defer { tmux.stop() }
        try tmux.runScreens(["run", Self.app] + arguments, environment: environment)
        try tmux.waitFor(Self.drawn)
        try tmux.waitFor("gallery · iphone portrait")
        let screen = tmux.captureWithEscapes()
        tmux.keys("q")
        try tmux.waitForExit(status: 0)
        return screen
    }

    @Test("COLORTERM=truecolor: the page and the gallery's own colours in 24-bit colour")
    func trueColour() throws {
        let screen = try run([], environment: ["COLORTERM": "truecolor", "NO_COLOR": ""])
        let parameters = Self.sgrParameters(in: screen).joined(separator: [-1]).map(String.init).joined(separator: ";")
        #expect(parameters.contains("48;2;255;255;255"), "the white page")
        // A rating's colour from videos.lua ("#d9ead3" and its kin) behind a title.
        let ratings = ["244;199;195", "252;232;178", "255;242;204", "217;234;211", "183;225;205"]
        #expect(ratings.contains { parameters.contains("48;2;" + $0) }, "\(parameters)")
        #expect(screen.contains("Ratings"))
    }

    @Test("TERM=xterm-256color without COLORTERM: xterm's 256 colours, no 24-bit one")
    func indexedColour() throws {
        let screen = try run([], environment: ["COLORTERM": "", "TERM": "xterm-256color", "NO_COLOR": ""])
        let all = Self.sgrParameters(in: screen)
        // The page: xterm's white, 231.
        #expect(all.contains { Self.index(of: [48, 5, 231], in: $0) != nil })
        #expect(!all.contains { Self.index(of: [38, 2], in: $0) != nil || Self.index(of: [48, 2], in: $0) != nil })
    }

    @Test("NO_COLOR=1 and --no-color: no colour at all, focus and the status line in reverse video")
    func noColour() throws {
        for (arguments, environment) in [([], ["COLORTERM": "truecolor", "NO_COLOR": "1"]), (["--no-color"], ["COLORTERM": "truecolor", "NO_COLOR": ""])] {
            let screen = try run(arguments, environment: environment)
            let all = Self.sgrParameters(in: screen)
            #expect(!all.contains(where: Self.choosesColour), "\(arguments) \(environment): \(all.filter(Self.choosesColour))")
            #expect(all.contains { $0.contains(7) }, "the status line in reverse video")
            #expect(screen.contains("Ratings"))
        }
    }

    static func index(of part: [Int], in parameters: [Int]) -> Int? {
        guard parameters.count >= part.count else { return nil }
        return (0...(parameters.count - part.count)).first { Array(parameters[$0..<($0 + part.count)]) == part }
    }
}

extension Tmux {
    /// The pane with its attributes and colours as SGR sequences (`capture-pane -e`).
    func captureWithEscapes() -> String {
        (try? ScreensProgram.run(URL(fileURLWithPath: "/usr/bin/env"), ["tmux", "-L", socket, "capture-pane", "-e", "-p", "-t", "t"]).stdout) ?? ""
    }
}
