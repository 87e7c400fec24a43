import EventLoop
import Testing
@testable import ScreenKit

/// Replaces every overridable method of a view or control, as a scripting layer does, and
/// logs what it was asked. It answers `answer` (nil: no replacement) and replaces the
/// callbacks in `replaced`.
@MainActor
final class Replacement {
    var log: [String] = []
    var answer: Bool? = true
    var replaced: Set<String> = []

    func perform(_ callback: View.Callback) -> Bool {
        let name: String
        switch callback {
        case .layoutSubviews: name = "layoutSubviews"
        case .draw(let canvas):
            name = "draw"
            canvas.text("replaced", at: .zero)
        case .touches(let phase, let touches): name = "touches \(phase) \(touches.count)"
        case .endTracking: name = "endTracking"
        case .cancelTracking: name = "cancelTracking"
        case .prepareForReuse: name = "prepareForReuse"
        }
        log.append(name)
        return replaced.contains(name) || replaced.contains("all")
    }

    func answer(_ question: View.Question) -> Bool? {
        switch question {
        case .pointInside(let point): log.append("pointInside \(Int(point.x)),\(Int(point.y))")
        case .beginTracking: log.append("beginTracking")
        case .continueTracking: log.append("continueTracking")
        }
        return answer
    }
}

/// The hook a scripting layer would give: it asks a ``Replacement`` and counts the other
/// kinds' methods it is asked.
final class ReplacementHook: OverrideHook {
    let replacement: Replacement
    var others: [String] = []

    init(_ replacement: Replacement) {
        self.replacement = replacement
    }

    var className: String? { nil }

    func callOverride<Method: OverridableMethod>(_ method: Method, on object: AnyObject) -> Method.Answer? {
        switch method {
        case let callback as View.Callback:
            guard replacement.perform(callback) else { return nil }
            return () as? Method.Answer
        case let question as View.Question:
            guard let answer = replacement.answer(question) else { return nil }
            return answer as? Method.Answer
        default:
            others.append(method.name)
            return nil
        }
    }
}

final class ReplacedView: View {
    let replacement = Replacement()
    var ownLayouts = 0
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        overrideHook = ReplacementHook(replacement)
    }
    override func layoutSubviews() { ownLayouts += 1 }
}

final class ReplacedSwitch: Switch {
    let replacement = Replacement()
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        overrideHook = ReplacementHook(replacement)
    }
}

/// ScreenKit asks one hook, ``OverrideHook``, at every point where a view's class may
/// replace a method: what a scripting layer implements once for all its view classes.
@MainActor
struct ViewOverridingTests {
    let window = Window(device: .iphone)

    @Test func hitTestingLayoutDrawingAndTouchesAskTheReplacement() throws {
        let view = ReplacedView(frame: Rect(x: 10, y: 20, width: 100, height: 100))
        try window.addSubview(view)
        let replacement = view.replacement
        replacement.replaced = ["all"]
        #expect(window.hitTest(Point(x: 15, y: 25)) === view)
        replacement.answer = false
        #expect(window.hitTest(Point(x: 15, y: 25)) === window)
        replacement.answer = true
        window.layoutIfNeeded()
        let canvas = Canvas()
        view.drawContent(in: canvas)
        window.touch(.began, at: Point(x: 15, y: 25))
        window.touch(.moved, at: Point(x: 16, y: 25))
        window.touch(.ended, at: Point(x: 16, y: 25))
        window.touch(.began, at: Point(x: 15, y: 25))
        window.cancelAllTouches()
        #expect(replacement.log == [
            "pointInside 5,5", "pointInside 5,5", "layoutSubviews", "draw",
            "pointInside 5,5", "touches began 1", "touches moved 1", "touches ended 1",
            "pointInside 5,5", "touches began 1", "touches cancelled 1",
        ])
        #expect(view.ownLayouts == 0)
        #expect(canvas.commands == [.text("replaced", at: .zero, .black)])
    }

    @Test func withoutAReplacementTheViewsOwnMethodsRun() throws {
        let view = ReplacedView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        try window.addSubview(view)
        view.replacement.answer = nil
        #expect(window.hitTest(Point(x: 50, y: 50)) === view)
        #expect(window.hitTest(Point(x: 150, y: 50)) === window)
        view.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(view.ownLayouts == 1)
        #expect(view.replacement.log.contains("layoutSubviews"))
    }

    @Test func aControlsTrackingAsksTheReplacement() throws {
        let control = ReplacedSwitch(frame: Rect(x: 0, y: 0, width: 60, height: 30))
        try window.addSubview(control)
        var events: [String] = []
        control.addTarget({ _, event in events.append(event.rawValue) }, for: [.touchDown, .valueChanged, .touchUpInside])
        control.replacement.replaced = ["endTracking"]
        window.touch(.began, at: Point(x: 10, y: 10))
        window.touch(.moved, at: Point(x: 12, y: 10))
        window.touch(.ended, at: Point(x: 12, y: 10))
        // The touches went to the switch's own handling, which asked the tracking questions.
        // The touch lays the window out first (the switch was added, not yet laid out).
        #expect(control.replacement.log == [
            "layoutSubviews", "pointInside 10,10", "touches began 1", "beginTracking", "touches moved 1", "pointInside 12,10",
            "continueTracking", "touches ended 1", "pointInside 12,10", "endTracking",
        ])
        #expect(events == ["touchDown", "touchUpInside"])
        #expect(!control.isOn)
        // Without answers and replacements, the switch tracks and turns over itself.
        control.replacement.answer = nil
        control.replacement.replaced = []
        window.touch(.began, at: Point(x: 10, y: 10))
        window.touch(.ended, at: Point(x: 10, y: 10))
        #expect(control.isOn)
        #expect(events.suffix(3) == ["touchDown", "valueChanged", "touchUpInside"])
    }

    @Test func aReplacedTouchesMethodKeepsTheTouchesFromTheResponderChain() throws {
        let back = TouchLogView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let view = ReplacedView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        try window.addSubview(back)
        try back.addSubview(view)
        view.replacement.replaced = ["touches began 1"]
        window.touch(.began, at: Point(x: 5, y: 5))
        window.touch(.ended, at: Point(x: 5, y: 5))
        // The view's own method (the default: pass on) ran for the end, not for the beginning.
        #expect(back.log == ["ended"])
    }

    @Test func plainViewsHaveNoReplacement() {
        #expect(!View().isOverriding)
        #expect(!Switch().isOverriding)
        #expect(ReplacedView().isOverriding)
        let view = View()
        view.overrideHook = ReplacementHook(Replacement())
        #expect(view.isOverriding)
        view.overrideHook = nil
        #expect(!view.isOverriding)
    }
}
