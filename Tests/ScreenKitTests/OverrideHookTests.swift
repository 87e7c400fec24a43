import EventLoop
import Testing
@testable import ScreenKit

/// A hook that logs every method it is asked, by name, and replaces those it has an answer
/// for (`()` for a callback).
final class AnsweringHook: OverrideHook {
    var log: [String] = []
    var answers: [String: Any] = [:]
    var className: String? { "Hooked" }

    func callOverride<Method: OverridableMethod>(_ method: Method, on object: AnyObject) -> Method.Answer? {
        log.append(method.name)
        guard let answer = answers[method.name] else { return nil }
        return answer as? Method.Answer
    }
}

/// Controllers, collection view layouts and gesture recognizers ask the same hook views do,
/// at every point where ScreenKit calls one of their overridable methods.
@MainActor
struct OverrideHookTests {
    let loop = EventLoop(clock: .virtual)
    let window: Window

    init() {
        window = Window(device: .iphone, loop: loop)
    }

    @Test func aRecognizerGetsItsTouchesAndResetThroughTheHook() throws {
        let view = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        try window.addSubview(view)
        let tap = TapGestureRecognizer()
        let hook = AnsweringHook()
        tap.overrideHook = hook
        var recognized = 0
        tap.addTarget { _ in recognized += 1 }
        view.addGestureRecognizer(tap)
        window.touch(.began, at: Point(x: 50, y: 50))
        window.touch(.ended, at: Point(x: 50, y: 50))
        #expect(hook.log == ["touchesBegan", "touchesEnded", "reset"])
        #expect(recognized == 1)
        // A replaced touchesEnded keeps the tap from being recognized: its Swift method did not run.
        hook.answers["touchesEnded"] = ()
        window.touch(.began, at: Point(x: 50, y: 50))
        window.touch(.ended, at: Point(x: 50, y: 50))
        #expect(recognized == 1)
    }

    @Test func aCollectionViewAsksItsLayoutThroughTheHook() throws {
        let flow = FlowLayout()
        flow.itemSize = Size(width: 100, height: 50)
        let hook = AnsweringHook()
        flow.overrideHook = hook
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), layout: flow)
        collection.register("Card") { Card() }
        let cards = Cards([10])
        collection.dataSource = cards
        try window.addSubview(collection)
        collection.layoutIfNeeded()
        #expect(hook.log.prefix(3) == ["prepare", "contentSize", "attributesInRect"])
        #expect(collection.visibleCells.count == 10)
        // Replaced answers are the collection view's answers: no elements, a large content.
        hook.answers["attributesInRect"] = [LayoutAttributes]()
        hook.answers["contentSize"] = Size(width: 320, height: 5000)
        hook.answers["attributesForItem"] = CollectionViewLayout.ElementAnswer(nil)
        flow.invalidateLayout()
        collection.layoutIfNeeded()
        #expect(collection.visibleCells.isEmpty)
        #expect(collection.contentSize == Size(width: 320, height: 5000))
        #expect(collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) == nil)
        #expect(flow.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) != nil)
    }

    @Test func aControllerSendsItsCallbacksAndQuestionsThroughTheHook() throws {
        let controller = ViewController()
        let hook = AnsweringHook()
        controller.overrideHook = hook
        hook.answers["shouldAutomaticallyForwardAppearanceMethods"] = false
        _ = controller.view
        #expect(hook.log == ["loadView", "viewDidLoad"])
        #expect(!controller.forwardsAppearanceAutomatically)
        #expect(controller.className == "Hooked")
        #expect(throws: ControllerError.self) { try controller.performSegue(withIdentifier: "none", sender: nil) }
        #expect(hook.log.last == "segueTemplate")
    }
}
