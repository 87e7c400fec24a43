/// A row of dots, one per page (`UIPageControl`): a tap right of the current dot goes to
/// the next page, left of it to the previous one, and sends `valueChanged`.
open class PageControl: Control {
    public var numberOfPages = 0 {
        didSet { currentPage = min(currentPage, max(numberOfPages - 1, 0)) }
    }
    public var currentPage = 0 {
        didSet { currentPage = min(max(currentPage, 0), max(numberOfPages - 1, 0)) }
    }

    /// A single tap is its default action: a tap recognizer on a superview does not take it.
    open override var defaultActionIsATap: Bool { true }

    open override func endTracking(_ touch: Touch) {
        let point = touch.location(in: self)
        guard bounds.contains(point), numberOfPages > 0 else { return }
        let newPage = point.x >= bounds.midX ? currentPage + 1 : currentPage - 1
        guard newPage >= 0, newPage < numberOfPages else { return }
        currentPage = newPage
        sendActions(for: .valueChanged)
    }
}
