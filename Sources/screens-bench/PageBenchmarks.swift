import EventLoop
import Foundation
import ScreenKit

/// The container figures: page turns in a book of 10^6 pages (time per turn and resident
/// memory growth), and 10^4 push+pop on a navigation controller, on the root and one on
/// another.
///
/// `screens-bench Page` runs all four.
func runPageBenchmarks(_ bench: inout Benchmark) throws {
    let all = bench.wants("pages")
    let turns = "pages: turn in a 10^6-page book (vs bare containment)"
    if all || bench.wants(turns) {
        bench.report(try turnFigure(turns, bench))
    }
    let memory = "pages: RSS growth over 10^5 turns (vs 5 MB budget)"
    if all || bench.wants(memory) {
        bench.report(try memoryFigure(memory))
    }
    let pairs = "nav: 10^4 push+pop on the root (vs bare containment)"
    if all || bench.wants(pairs) {
        bench.report(try navigationFigure(pairs, bench, depth: 1, cycles: 10_000))
    }
    let deep = "nav: push 10^4 deep, pop all (vs a hand-made stack)"
    if all || bench.wants(deep) {
        bench.report(try navigationFigure(deep, bench, depth: 10_000, cycles: 1))
    }
}

/// A numbered page that shows its number in a label.
private final class NumberedPage: ViewController {
    let number: Int
    init(_ number: Int) {
        self.number = number
        super.init()
    }

    override func loadView() {
        let label = Label(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        label.text = "Page \(number)"
        label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view = label
    }
}

/// Pages 1...10^6, made when asked for.
private final class MillionPageBook: PageViewControllerDataSource {
    static let count = 1_000_000

    func pageViewController(_ pvc: PageViewController, viewControllerBefore controller: ViewController) -> ViewController? {
        let number = (controller as! NumberedPage).number
        return number > 1 ? NumberedPage(number - 1) : nil
    }

    func pageViewController(_ pvc: PageViewController, viewControllerAfter controller: ViewController) -> ViewController? {
        let number = (controller as! NumberedPage).number
        return number < Self.count ? NumberedPage(number + 1) : nil
    }
}

/// A page view controller on a visible window at page 1 of the book.
private func openBook() throws -> (PageViewController, Window, EventLoop, MillionPageBook) {
    let loop = EventLoop(clock: .virtual)
    let window = Window(device: .iphone, loop: loop)
    window.makeKeyAndVisible()
    let book = MillionPageBook()
    let pvc = try PageViewController(transitionStyle: .pageCurl)
    pvc.dataSource = book
    try pvc.setViewControllers([NumberedPage(1)], direction: .forward, animated: false)
    window.rootViewController = pvc
    return (pvc, window, loop, book)
}

/// Turns forward `count` times, every 100th turn animated to the end; back to page 1 at the
/// end of the book.
private func turn(_ pvc: PageViewController, _ loop: EventLoop, count: Int) throws {
    for index in 0..<count {
        let animated = index % 100 == 0
        if try !pvc.pageForward(animated: animated) {
            try pvc.setViewControllers([NumberedPage(1)], direction: .reverse, animated: false)
        }
        if animated { loop.advance(by: PageViewController.transitionDuration) }
    }
}

/// Turning a page against the least a hand-written container does for it: make the page,
/// add it as a child, swap the views, let the old page go, with the same appearance calls.
private func turnFigure(_ name: String, _ bench: Benchmark) throws -> Figure {
    let (pvc, window, _, _) = try openBook()
    let bare = Window(device: .iphone)
    bare.makeKeyAndVisible()
    let container = ViewController()
    bare.rootViewController = container
    var current = NumberedPage(1)
    try container.addChild(current)
    try container.view.addSubview(current.view)
    current.didMove(toParent: container)
    var failure: Error?
    let (ours, baseline) = bench.compare(
        operations: 100_000,
        ours: { n in bench.time {
            do {
                for _ in 0..<n where try !pvc.pageForward(animated: false) {
                    try pvc.setViewControllers([NumberedPage(1)], direction: .reverse, animated: false)
                }
            } catch { failure = error }
        } },
        baseline: { n in bench.time {
            for _ in 0..<n {
                let next = NumberedPage(current.number + 1)
                try? container.addChild(next)
                current.willMove(toParent: nil)
                next.beginAppearanceTransition(true, animated: false)
                current.beginAppearanceTransition(false, animated: false)
                next.view.frame = container.view.bounds
                try? container.view.addSubview(next.view)
                current.view.removeFromSuperview()
                current.endAppearanceTransition()
                next.endAppearanceTransition()
                current.removeFromParent()
                next.didMove(toParent: container)
                current = next
            }
        } })
    if let failure { throw failure }
    withExtendedLifetime(window) {}
    return Figure(name: name, ours: ours, baseline: baseline, unit: "ns/turn", target: 3)
}

/// Resident memory after 10^5 turns minus before them (after a warm-up), against a budget
/// of 5 MB.
private func memoryFigure(_ name: String) throws -> Figure {
    let (pvc, window, loop, _) = try openBook()
    try turn(pvc, loop, count: 10_000)
    let before = residentBytes()
    try turn(pvc, loop, count: 100_000)
    let after = residentBytes()
    precondition(pvc.children.count == 1, "turned-away pages must be released")
    withExtendedLifetime(window) {}
    let growth = Double(max(0, after - before)) / 1_048_576
    return Figure(name: name, ours: growth, baseline: 5, unit: "MB", target: 1)
}

/// The resident set size of this process, from /proc/self/statm (0 where there is none).
private func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Push+pop on a navigation controller, non-animated, against the same containment and
/// appearance calls done by hand on a plain stack: `cycles` times, push `depth` controllers
/// one on another and pop them all. The hand-made stack costs the same per push+pop at any
/// depth, so the ratio 10^4 deep shows whether the navigation controller does too.
private func navigationFigure(_ name: String, _ bench: Benchmark, depth: Int, cycles: Int) throws -> Figure {
    var failure: Error?
    var rounds = bench
    rounds.rounds = 3
    let operations = depth * cycles
    let ours = rounds.measureSelfTimed(operations: operations) {
        let window = Window(device: .iphone, loop: EventLoop(clock: .virtual))
        window.makeKeyAndVisible()
        let controllers = (0...depth).map { NumberedPage($0) }
        guard let navigation = try? NavigationController(root: controllers[0]) else { return 0 }
        window.rootViewController = navigation
        return bench.time {
            do {
                for _ in 0..<cycles {
                    for controller in controllers.dropFirst() { try navigation.push(controller, animated: false) }
                    for _ in 0..<depth { try navigation.pop(animated: false) }
                }
            } catch { failure = error }
        }
    }
    let baseline = rounds.measureSelfTimed(operations: operations) {
        let window = Window(device: .iphone)
        window.makeKeyAndVisible()
        let controllers = (0...depth).map { NumberedPage($0) }
        let container = ViewController()
        window.rootViewController = container
        var stack = [controllers[0]]
        try? container.addChild(controllers[0])
        try? container.view.addSubview(controllers[0].view)
        controllers[0].didMove(toParent: container)
        return bench.time {
            for _ in 0..<cycles {
                for next in controllers.dropFirst() {
                    let top = stack[stack.count - 1]
                    try? container.addChild(next)
                    top.beginAppearanceTransition(false, animated: false)
                    next.beginAppearanceTransition(true, animated: false)
                    try? container.view.addSubview(next.view)
                    top.view.removeFromSuperview()
                    top.endAppearanceTransition()
                    next.endAppearanceTransition()
                    next.didMove(toParent: container)
                    stack.append(next)
                }
                while stack.count > 1 {
                    let top = stack.removeLast(), below = stack[stack.count - 1]
                    top.willMove(toParent: nil)
                    top.beginAppearanceTransition(false, animated: false)
                    below.beginAppearanceTransition(true, animated: false)
                    try? container.view.addSubview(below.view)
                    top.view.removeFromSuperview()
                    top.endAppearanceTransition()
                    below.endAppearanceTransition()
                    top.removeFromParent()
                }
            }
        }
    }
    if let failure { throw failure }
    return Figure(name: name, ours: ours, baseline: baseline, unit: "ns/push+pop", target: nil)
}
