import EventLoop
import LuaBridge
import ScreenKit
import ScreenScript

/// A window with a button whose action counts taps in the global `taps`.
private let tapChunk = LuaResourceChunk("tap.lua", name: "=bench", in: .bench)

/// The view figures: hit testing a large tree, and a tap reaching a Lua action.
func runViewBenchmarks(_ bench: inout Benchmark) throws {
    let hitTest = "ui: hit test in a tree of 10^4 views"
    if bench.wants(hitTest) {
        let (window, targets) = viewTree()
        let plain = PlainTree(window)
        var found = 0
        let tests = 10_000
        let (ours, baseline) = bench.compare(
            operations: tests,
            ours: { n in bench.time { for i in 0..<n { if window.hitTest(targets[i % targets.count]) != nil { found += 1 } } } },
            baseline: { n in bench.time { for i in 0..<n { if plain.hitTest(targets[i % targets.count]) >= 0 { found += 1 } } } })
        precondition(found > 0)
        bench.report(Figure(name: hitTest, ours: ours, baseline: baseline))
    }

    let tap = "ui: tap from the window to a Lua action"
    if bench.wants(tap) {
        let host = try ScriptHost(loop: EventLoop(clock: .virtual))
        let results = try tapChunk.load(in: host.lua).callReturningAll()
        guard case .userdata(let userdata)? = results.first, let window = userdata.object(as: Window.self) else {
            throw LuaError(kind: .runtime, message: "the benchmark script returned no window")
        }
        let point = Point(x: 50, y: 30)
        let swiftWindow = Window(device: .iphone)
        let swiftButton = Button(frame: Rect(x: 10, y: 10, width: 100, height: 40))
        try swiftWindow.addSubview(swiftButton)
        var swiftTaps = 0
        swiftButton.addTarget({ _, _ in swiftTaps += 1 }, for: [.touchUpInside])
        let (ours, baseline) = bench.compare(
            operations: 10_000,
            ours: { n in bench.time { for _ in 0..<n { window.touch(.began, at: point); window.touch(.ended, at: point) } } },
            baseline: { n in bench.time { for _ in 0..<n { swiftWindow.touch(.began, at: point); swiftWindow.touch(.ended, at: point) } } })
        precondition(swiftTaps > 0)
        bench.report(Figure(name: tap + " (vs a Swift action)", ours: ours, baseline: baseline))
    }
}

/// 100 rows of 100 views, with the points to test spread over them.
private func viewTree() -> (Window, [Point]) {
    let window = Window(device: .ipad)
    var targets: [Point] = []
    for row in 0..<100 {
        let strip = View(frame: Rect(x: 0, y: Double(row) * 10, width: 768, height: 10))
        try? window.addSubview(strip)
        for column in 0..<99 {
            try? strip.addSubview(View(frame: Rect(x: Double(column) * 7.5, y: 0, width: 7.5, height: 10)))
        }
        targets.append(Point(x: Double((row * 37) % 99) * 7.5 + 3, y: Double(row) * 10 + 5))
    }
    return (window, targets)
}

/// The same tree as plain arrays: frames relative to the parent and child indexes, searched
/// front to back as hit testing does, without views, overrides or conversions.
private struct PlainTree {
    var frames: [Rect] = []
    var children: [[Int]] = []

    init(_ root: View) {
        _ = add(root, frame: root.bounds)
    }

    private mutating func add(_ view: View, frame: Rect) -> Int {
        let index = frames.count
        frames.append(frame)
        children.append([])
        for subview in view.subviews {
            let child = add(subview, frame: subview.frame)
            children[index].append(child)
        }
        return index
    }

    func hitTest(_ point: Point, node: Int = 0) -> Int {
        let frame = frames[node]
        guard frame.contains(point) || node == 0 else { return -1 }
        let local = node == 0 ? point : Point(x: point.x - frame.minX, y: point.y - frame.minY)
        for child in children[node].reversed() {
            let hit = hitTest(local, node: child)
            if hit >= 0 { return hit }
        }
        return node
    }
}
