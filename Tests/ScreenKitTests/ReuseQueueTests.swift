import Testing
@testable import ScreenKit

/// A reusable view that counts its `prepareForReuse` calls.
final class CountingReusableView: View, ReusableView {
    var reuseIdentifier: String?
    var prepared = 0
    func prepareForReuse() { prepared += 1 }
}

/// A reusable view whose `prepareForReuse` a scripting layer replaces.
final class ReplacedReusableView: View, ReusableView {
    let replacement = Replacement()
    var reuseIdentifier: String?
    var ownPreparations = 0
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        overrideHook = ReplacementHook(replacement)
    }
    func prepareForReuse() { ownPreparations += 1 }
}

@MainActor
struct ReuseQueueTests {
    let queue = ReuseQueue<CountingReusableView>()
    let cellKind = "UICollectionElementKindCell"

    @Test func anUnregisteredIdentifierIsAnErrorNamingItAndTheKind() {
        #expect(throws: ListError.unregisteredView(kind: cellKind, identifier: "Cell")) {
            try queue.dequeue(kind: cellKind, identifier: "Cell")
        }
        #expect(ListError.unregisteredView(kind: cellKind, identifier: "Cell").description
            == "could not dequeue a view of kind: UICollectionElementKindCell with identifier Cell - must register a nib or a class for the identifier")
        #expect(ListError.unregisteredView(kind: "header", identifier: "Title").description
            == "could not dequeue a view of kind: header with identifier Title - must register a nib or a class for the identifier")
        #expect(ListError.unregisteredCell(identifier: "Cell").description
            == "unable to dequeue a cell with identifier Cell - must register a nib or a class for the identifier")
        // The same identifier under another kind is not registered.
        queue.register(kind: "header", identifier: "Cell") { CountingReusableView() }
        #expect(throws: ListError.self) { try queue.dequeue(kind: cellKind, identifier: "Cell") }
    }

    @Test func viewsPutBackAreTheOnesGivenOutAgain() throws {
        var made = 0
        queue.register(kind: cellKind, identifier: "Cell") {
            made += 1
            return CountingReusableView()
        }
        let first = try queue.dequeue(kind: cellKind, identifier: "Cell")
        let second = try queue.dequeue(kind: cellKind, identifier: "Cell")
        #expect(first !== second && made == 2)
        #expect(first.reuseIdentifier == "Cell" && first.prepared == 0)

        let list = View()
        try list.addSubview(first)
        queue.enqueue(first, kind: cellKind)
        queue.enqueue(second, kind: cellKind)
        queue.enqueue(second, kind: cellKind)
        #expect(first.superview == nil)
        #expect(queue.waitingCount(kind: cellKind, identifier: "Cell") == 2)

        let again = [try queue.dequeue(kind: cellKind, identifier: "Cell"), try queue.dequeue(kind: cellKind, identifier: "Cell")]
        #expect(Set(again.map(ObjectIdentifier.init)) == [ObjectIdentifier(first), ObjectIdentifier(second)])
        #expect(first.prepared == 1 && second.prepared == 1)
        _ = try queue.dequeue(kind: cellKind, identifier: "Cell")
        #expect(made == 3)
    }

    @Test func registeringAgainLetsTheWaitingViewsGo() throws {
        queue.register(kind: cellKind, identifier: "Cell") { CountingReusableView() }
        weak var old: CountingReusableView?
        do {
            let view = try queue.dequeue(kind: cellKind, identifier: "Cell")
            old = view
            queue.enqueue(view, kind: cellKind)
        }
        #expect(old != nil)
        queue.register(kind: cellKind, identifier: "Cell") { CountingReusableView() }
        #expect(old == nil)
        #expect(queue.waitingCount(kind: cellKind, identifier: "Cell") == 0)
    }

    @Test func viewsWithoutARegistrationAreNotKept() {
        let stray = CountingReusableView()
        queue.enqueue(stray, kind: cellKind)
        stray.reuseIdentifier = "Other"
        queue.enqueue(stray, kind: cellKind)
        #expect(queue.waitingCount(kind: cellKind, identifier: "Other") == 0)
    }

    @Test func prepareForReuseGoesToAReplacement() throws {
        let queue = ReuseQueue<ReplacedReusableView>()
        queue.register(kind: cellKind, identifier: "Cell") { ReplacedReusableView() }
        let view = try queue.dequeue(kind: cellKind, identifier: "Cell")
        view.replacement.replaced = ["prepareForReuse"]
        queue.enqueue(view, kind: cellKind)
        _ = try queue.dequeue(kind: cellKind, identifier: "Cell")
        #expect(view.replacement.log == ["prepareForReuse"] && view.ownPreparations == 0)
        view.replacement.replaced = []
        queue.enqueue(view, kind: cellKind)
        _ = try queue.dequeue(kind: cellKind, identifier: "Cell")
        #expect(view.ownPreparations == 1)
    }
}
