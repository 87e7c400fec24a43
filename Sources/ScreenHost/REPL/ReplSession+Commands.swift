import Foundation
import LuaBridge
import ScreenKit
import ScreenRender

extension ReplSession {
    /// The commands, with what they take and do, as `:help` lists them.
    static let commands: [(name: String, usage: String, help: String)] = [
        ("screen", ":screen", "the key window as the text renderer draws it"),
        ("tree", ":tree", "the controllers: class, title, what each presents"),
        ("views", ":views [depth]", "the view tree: class, frame, title or text"),
        ("tap", ":tap TITLE | :tap X Y", "taps where TITLE is drawn (or the view it labels), or the point X Y"),
        ("type", ":type TEXT", "types into the text field being edited"),
        ("rotate", ":rotate", "turns the window between portrait and landscape"),
        ("advance", ":advance S", "runs S seconds of virtual time (a virtual clock only)"),
        ("pick", ":pick X Y", "binds the view at X Y to the global v and prints it"),
        ("settle", ":settle [S]", "waits until no transition, animation or deferred call is left (at most S seconds, 10 by default)"),
        ("reload", ":reload", "loads the app's Lua files again, keeping where you were"),
        ("help", ":help", "this list"),
        ("quit", ":quit", "leaves"),
    ]

    /// Runs a `:command` line.
    func command(_ line: String) {
        let words = line.dropFirst().split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let name = words.first ?? ""
        let rest = line.dropFirst(1 + name.count).trimmingCharacters(in: .whitespaces)
        switch name {
        case "help":
            say(Self.commands.map { "\($0.usage.padding(toLength: 24, withPad: " ", startingAt: 0))\($0.help)" }.joined(separator: "\n"))
        case "quit":
            stop()
        case "screen":
            guard let screen = host.render(.text) else { return complain(Self.noWindow) }
            say(screen.hasSuffix("\n") ? String(screen.dropLast()) : screen)
        case "tree":
            guard let root = host.keyWindow?.rootViewController else { return complain("no controller: the app set no root view controller") }
            say(ControllerTree.lines(of: root).joined(separator: "\n"))
        case "views":
            guard let window = host.keyWindow else { return complain(Self.noWindow) }
            let depth = words.count > 1 ? Int(words[1]) : Int.max
            guard let depth, depth >= 0 else { return complain(":views takes a depth, a whole number 0 or more") }
            window.layoutIfNeeded()
            say(Self.views(window, depth: depth).joined(separator: "\n"))
        case "tap":
            tap(rest, words: Array(words.dropFirst()))
        case "type":
            guard let window = host.keyWindow else { return complain(Self.noWindow) }
            guard window.editingField != nil else { return complain(":type: no text field is being edited: tap one first") }
            window.type(rest)
        case "rotate":
            guard let window = host.keyWindow else { return complain(Self.noWindow) }
            window.rotate(to: window.orientation == .portrait ? .landscape : .portrait)
            say("rotated to \(window.orientation == .portrait ? "portrait" : "landscape")")
        case "advance":
            guard words.count == 2, let seconds = Double(words[1]), seconds >= 0, seconds.isFinite else {
                return complain(":advance takes a number of seconds, 0 or more")
            }
            guard loop.clock == .virtual else {
                return complain(":advance works only on a virtual clock; this loop runs on the real clock")
            }
            loop.advance(by: seconds)
        case "pick":
            guard let window = host.keyWindow else { return complain(Self.noWindow) }
            guard words.count == 3, let point = Self.point(words[1], words[2]) else {
                return complain(":pick takes a point, two finite numbers: :pick X Y")
            }
            window.layoutIfNeeded()
            guard let view = window.hitTest(point) else { return complain(":pick: no view at \(words[1]) \(words[2])") }
            lua.globals.set("v", view)
            say("v = " + (ReplPrinter.describe(object: view) ?? "a view"))
        case "settle":
            let seconds = words.count > 1 ? Double(words[1]) : Self.settleSeconds
            guard words.count <= 2, let seconds, seconds.isFinite, seconds >= 0, seconds <= Self.longestSettle else {
                return complain(":settle takes at most a number of seconds, from 0 to \(Int(Self.longestSettle)): :settle, :settle 5")
            }
            settle(within: seconds)
        case "reload":
            reload()
        default:
            complain(
                "unknown command :\(name); the commands are "
                    + Self.commands.map { ":" + $0.name }.joined(separator: ", "))
        }
    }

    /// `:reload`: as `--watch` does on a change, in a fresh state with the navigation kept;
    /// a reload that fails says why and the old app goes on.
    private func reload() {
        guard let hotReload else {
            return complain(
                ":reload needs an app it can reload: screens repl APP, or screens run APP --listen (drawn on a terminal: with --watch too)")
        }
        let worked = hotReload.reload()
        guard worked else {
            return complain(hotReload.lastStatus ?? "reload failed; the old app keeps running")
        }
        do {
            try use(hotReload.host)
        } catch {
            return complain("reloaded, but the REPL cannot go on in the new state: \(error.message)")
        }
        say(hotReload.lastStatus ?? "reloaded")
    }

    static let noWindow = "no window: start the REPL with an app (screens repl APP) that shows one"
    /// How long `:settle` waits unless told: as long as the pilot's `settle`.
    static let settleSeconds = 10.0
    /// The longest `:settle`: an hour.
    static let longestSettle = 3600.0

    // MARK: - Tap

    private func tap(_ rest: String, words: [String]) {
        guard let window = host.keyWindow else { return complain(Self.noWindow) }
        guard !rest.isEmpty else { return complain(":tap takes a title or a point: :tap TITLE, :tap X Y") }
        window.layoutIfNeeded()
        let point: Point
        if words.count == 2, Double(words[0]) != nil, Double(words[1]) != nil {
            guard let finite = Self.point(words[0], words[1]) else {
                return complain(":tap takes a point of two finite numbers: :tap X Y")
            }
            point = finite
        } else {
            let screen = TextRenderer().renderScreen(window)
            let found = Self.cells(showing: rest, in: screen.text)
            if found.isEmpty {
                // Not drawn as text: a view whose accessibilityLabel it is (an icon button).
                let labelled = Self.views(labelled: rest, in: window)
                guard !labelled.isEmpty else { return complain(":tap: no \"\(rest)\" on screen, drawn or as an accessibilityLabel") }
                guard labelled.count == 1 else {
                    return complain(":tap: \(labelled.count) views have the accessibilityLabel \"\(rest)\"; tap a point: :tap X Y")
                }
                guard let middle = Self.reachableMiddle(of: labelled[0], in: window) else {
                    return complain(":tap: the view labelled \"\(rest)\" is covered or off screen")
                }
                return tap(at: middle, in: window)
            }
            guard found.count == 1 else {
                return complain(":tap: \"\(rest)\" is on screen \(found.count) times; tap a point: :tap X Y")
            }
            guard let cellPoint = screen.point(atColumn: found[0].column, row: found[0].row) else {
                return complain(":tap: \"\(rest)\" is drawn by no view")
            }
            point = cellPoint
        }
        tap(at: point, in: window)
    }

    /// Taps at `point`, and says what took the tap; a tap nothing took (the screen in a
    /// transition, or no view there that takes touches) is a complaint.
    private func tap(at point: Point, in window: Window) {
        let place = "\(ReplPrinter.number(point.x)) \(ReplPrinter.number(point.y))"
        guard !window.isIgnoringTouches, let hit = window.hitTest(point), hit !== window else {
            let busy = host.isSettled ? "no view there takes touches" : "the app is busy (a transition or animation): :settle waits for it"
            return complain(":tap: nothing took the tap at \(place): \(busy)")
        }
        window.touch(.began, at: point)
        window.touch(.ended, at: point)
        say("tapped \(place): \(hit.summary)")
    }

    /// The visible views under `view` whose accessibilityLabel is `label`.
    static func views(labelled label: String, in view: View, depth: Int = 0) -> [View] {
        guard !view.isHidden, view.alpha > 0.01, depth < 100 else { return [] }
        var found = view.accessibilityLabel == label ? [view] : []
        for subview in view.subviews { found += views(labelled: label, in: subview, depth: depth + 1) }
        return found
    }

    /// The middle of `view` in window points, when a tap there reaches it (or what it holds).
    static func reachableMiddle(of view: View, in window: Window) -> Point? {
        let point = view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        guard point.x.isFinite, point.y.isFinite, window.bounds.contains(point), let hit = window.hitTest(point),
              hit === view || hit.isDescendant(of: view) else { return nil }
        return point
    }

    /// The point two words give, when both are finite numbers.
    static func point(_ x: String, _ y: String) -> Point? {
        guard let x = Double(x), let y = Double(y), x.isFinite, y.isFinite else { return nil }
        return Point(x: x, y: y)
    }

    /// The middle cell of each place `text` is drawn on the screen.
    static func cells(showing text: String, in screen: String) -> [(column: Int, row: Int)] {
        let wanted = Array(text)
        var found: [(column: Int, row: Int)] = []
        for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let characters = Array(line)
            guard characters.count >= wanted.count, !wanted.isEmpty else { continue }
            var column = 0
            while column + wanted.count <= characters.count {
                if Array(characters[column..<column + wanted.count]) == wanted {
                    found.append((column + wanted.count / 2, row))
                    column += wanted.count
                } else {
                    column += 1
                }
            }
        }
        return found
    }

    // MARK: - Trees

    /// One line per view, indented by depth, to `depth` levels below `view`.
    static func views(_ view: View, depth: Int, level: Int = 0) -> [String] {
        let indent = String(repeating: "  ", count: level)
        var lines = [indent + (ReplPrinter.describe(object: view) ?? String(describing: type(of: view)))]
        guard level < depth, level < 100 else {
            if !view.subviews.isEmpty { lines[0] += " (\(view.subviews.count) subviews)" }
            return lines
        }
        for subview in view.subviews {
            lines += views(subview, depth: depth, level: level + 1)
        }
        return lines
    }
}
