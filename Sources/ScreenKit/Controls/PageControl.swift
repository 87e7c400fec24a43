/// A row of dots, one per page (`UIPageControl`): a tap right of the current dot goes to
/// the next page, left of it to the previous one, and sends `valueChanged`.
open class PageControl: Control {
    /// The number of dots; a negative count is taken as 0. Any count is kept, however many
    /// dots the control has room to draw.
    public var numberOfPages = 0 {
        didSet {
            if numberOfPages < 0 { numberOfPages = 0 }
            currentPage = min(currentPage, lastPage)
            invalidateIntrinsicContentSize()
        }
    }
    /// The page shown, from 0; kept between 0 and the last page.
    public var currentPage = 0 {
        didSet { currentPage = min(max(currentPage, 0), lastPage) }
    }

    /// A dot per page, one row.
    open override var intrinsicContentSize: Size {
        Size(width: Double(numberOfPages) * Label.cellSize.width, height: Label.cellSize.height)
    }

    /// The index of the last page, 0 when there are none.
    private var lastPage: Int { max(numberOfPages, 1) - 1 }

    /// A dot per page, the current one marked; its value reads "page 2 of 5"; adjustable.
    open override var contentDescription: ViewDescription {
        ViewDescription(
            .dots(count: numberOfPages, current: currentPage), kind: "PageControl",
            foreground: controlForeground(enabled: isEnabled), accessibilityLabel: accessibilityLabel,
            accessibilityValue: numberOfPages > 0 ? "page \(currentPage + 1) of \(numberOfPages)" : nil,
            traits: traits.union(.adjustable))
    }

    /// The next or previous page, or the first or last.
    open override func accessibilityAdjust(_ step: AccessibilityStep) -> Bool {
        let new: Int
        switch step {
        case .increment: new = currentPage + 1
        case .decrement: new = currentPage - 1
        case .toStart: new = 0
        case .toEnd: new = numberOfPages - 1
        }
        guard new >= 0, new < numberOfPages, new != currentPage else { return false }
        currentPage = new
        return adjusted(true)
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
