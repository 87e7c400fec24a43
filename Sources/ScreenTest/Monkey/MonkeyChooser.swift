import ScreenKit
import ScreenRender
import ScreenScript

/// Chooses what the monkey does next from what the screen shows: mostly taps on the
/// controls, cells and bar buttons the text renderer drew, and now and then a tap anywhere,
/// a drag, a swipe, a long press, the wheel, a key, typed text, a rotation or a memory
/// warning.
struct MonkeyChooser {
    /// One input of a gesture, `delay` seconds after the one before it.
    struct Step {
        var delay: Double
        var input: InputRecording.Input
    }

    /// What the screen offers: the views a tap would reach, by the cells they drew.
    private struct Targets {
        /// Controls, cells and what is inside them, each with the cells drawn for it.
        var actionable: [[Point]] = []
        /// Every cell some view drew.
        var drawn: [Point] = []
    }

    /// Editing keys, characters, and the keys that move the focus and act on it (see
    /// `Window.key`): each one a recording can hold, so that the recording of a failure plays
    /// back.
    static let keys = [
        "escape", "escape", "escape", "return", "return", "backspace", "backspace", "a", "Z", "7", "space",
        "tab", "tab", "shift-tab", "up", "down", "left", "right", "pageup", "pagedown", "enter", "home", "end",
    ]
    private static let texts = ["a", "Hello", "x y", "42", "-1", "ünï", "日本", "\"quoted\"", "line\nbreak", "  ", "%s%d", "\\"]

    /// The gesture to make now on `window`: its first step happens at once, the others
    /// after their delays.
    static func gesture(on window: Window, using random: inout SeededRandom) -> [Step] {
        let targets = Self.targets(on: window)
        let size = window.bounds.size
        func anywhere() -> Point {
            Point(x: random.thousandths(in: 0...max(0, size.width - 0.001)), y: random.thousandths(in: 0...max(0, size.height - 0.001)))
        }
        func somewhere() -> Point { targets.drawn.isEmpty ? anywhere() : random.pick(targets.drawn) }
        func onTarget() -> Point { targets.actionable.isEmpty ? somewhere() : random.pick(random.pick(targets.actionable)) }

        enum Kind { case tap, tapAnywhere, longPress, drag, swipe, scroll, key, text, rotate, memoryWarning }
        let kind = random.weighted([
            (45, Kind.tap), (6, .tapAnywhere), (5, .longPress), (8, .drag), (8, .swipe), (6, .scroll),
            (12, .key), (5, .text), (3, .rotate), (2, .memoryWarning),
        ])
        switch kind {
        case .tap, .tapAnywhere:
            let point = kind == .tap ? onTarget() : anywhere()
            return [Step(delay: 0, input: .touch(.began, point, id: 0)),
                    Step(delay: random.thousandths(in: 0.03...0.15), input: .touch(.ended, point, id: 0))]
        case .longPress:
            let point = onTarget()
            return [Step(delay: 0, input: .touch(.began, point, id: 0)),
                    Step(delay: random.thousandths(in: 0.6...1.5), input: .touch(.ended, point, id: 0))]
        case .drag, .swipe:
            let start = kind == .drag ? somewhere() : onTarget()
            let end: Point
            if kind == .drag {
                end = anywhere()
            } else {
                let distance = Double(random.int(in: 60...200))
                let (dx, dy) = random.pick([(distance, 0.0), (-distance, 0), (0, distance), (0, -distance)])
                end = Point(x: start.x + dx, y: start.y + dy)
            }
            let moves = random.int(in: 2...6)
            var steps = [Step(delay: 0, input: .touch(.began, start, id: 0))]
            for index in 1...moves {
                let fraction = Double(index) / Double(moves)
                let point = Point(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction)
                let delay = kind == .swipe ? random.thousandths(in: 0.01...0.03) : random.thousandths(in: 0.02...0.2)
                steps.append(Step(delay: delay, input: .touch(.moved, point, id: 0)))
            }
            steps.append(Step(delay: random.thousandths(in: 0.01...0.05), input: .touch(.ended, end, id: 0)))
            return steps
        case .scroll:
            let dy = Double(random.int(in: 1...10) * 16) * (random.int(in: 0...1) == 0 ? 1 : -1)
            return [Step(delay: 0, input: .scroll(somewhere(), dy: dy))]
        case .key:
            return [Step(delay: 0, input: .key(random.pick(keys)))]
        case .text:
            return [Step(delay: 0, input: .text(random.pick(texts)))]
        case .rotate:
            return [Step(delay: 0, input: .rotate(window.orientation == .portrait ? .landscape : .portrait))]
        case .memoryWarning:
            return [Step(delay: 0, input: .memoryWarning)]
        }
    }

    /// The cells the screen shows, in reading order, with the views that drew them.
    private static func targets(on window: Window) -> Targets {
        window.layoutIfNeeded()
        let screen = TextRenderer().renderScreen(window)
        var targets = Targets()
        var index: [ObjectIdentifier: Int] = [:]
        var actionable: [ObjectIdentifier: View?] = [:]
        for row in 0..<screen.rows {
            for column in 0..<screen.columns {
                guard let view = screen.view(atColumn: column, row: row), let point = screen.point(atColumn: column, row: row) else {
                    continue
                }
                targets.drawn.append(point)
                let key = ObjectIdentifier(view)
                let target: View?
                if let known = actionable[key] {
                    target = known
                } else {
                    target = actionableAncestor(of: view)
                    actionable[key] = target
                }
                guard let target else { continue }
                let targetKey = ObjectIdentifier(target)
                if let position = index[targetKey] {
                    targets.actionable[position].append(point)
                } else {
                    index[targetKey] = targets.actionable.count
                    targets.actionable.append([point])
                }
            }
        }
        return targets
    }

    /// The control or list cell `view` is part of, if any.
    private static func actionableAncestor(of view: View) -> View? {
        var current: View? = view
        while let candidate = current, !(candidate is Window) {
            if candidate is Control || candidate is TableViewCell || candidate is CollectionViewCell { return candidate }
            current = candidate.superview
        }
        return nil
    }
}
