// MARK: - Asking a layout that may be replaced

// A collection view (and focus, and whoever else asks a layout) asks through the methods
// here, which ask the layout's ``CollectionViewLayout/overrideHook`` first and the layout's
// own method only when the hook has no replacement. The layout's own methods calling each
// other stay Swift calls, as a subclass's do.

extension CollectionViewLayout {
    /// ``CollectionViewLayout/prepare()``, which ``prepareIfNeeded()`` sends.
    public enum Callback: OverridableMethod {
        public typealias Answer = Void
        case prepare

        public var name: String { "prepare" }
    }

    /// ``CollectionViewLayout/collectionViewContentSize``.
    public struct ContentSizeQuestion: OverridableMethod {
        public typealias Answer = Size
        public var name: String { "contentSize" }
    }

    /// ``CollectionViewLayout/layoutAttributesForElements(in:)``.
    public struct ElementsQuestion: OverridableMethod {
        public typealias Answer = [LayoutAttributes]
        public let rect: Rect
        public var name: String { "attributesInRect" }
    }

    /// The attributes of one element: ``CollectionViewLayout/layoutAttributesForItem(at:)``
    /// and the supplementary and decoration views' methods.
    public enum ElementQuestion: OverridableMethod {
        public typealias Answer = ElementAnswer
        case item(IndexPath)
        case supplementary(kind: String, IndexPath)
        case decoration(kind: String, IndexPath)

        public var name: String {
            switch self {
            case .item: "attributesForItem"
            case .supplementary: "attributesForSupplementary"
            case .decoration: "attributesForDecoration"
            }
        }
    }

    /// A replacement's answer to an ``ElementQuestion``: the element's attributes, or nil
    /// when the layout has no such element (not an optional answer, which would read as
    /// no replacement).
    public struct ElementAnswer {
        public var attributes: LayoutAttributes?
        public init(_ attributes: LayoutAttributes?) { self.attributes = attributes }
    }

    /// The size of the whole content, as a collection view asks it: the replacement's
    /// answer, else ``collectionViewContentSize``.
    public var effectiveContentSize: Size {
        if let hook = overrideHook, let size = hook.callOverride(ContentSizeQuestion(), on: self) { return size }
        return collectionViewContentSize
    }

    /// The attributes of the elements that meet `rect`, as a collection view asks them: the
    /// replacement's answer, else ``layoutAttributesForElements(in:)``'s.
    public func effectiveAttributes(in rect: Rect) -> [LayoutAttributes] {
        if let hook = overrideHook, let attributes = hook.callOverride(ElementsQuestion(rect: rect), on: self) {
            return attributes
        }
        return layoutAttributesForElements(in: rect)
    }

    /// The attributes of one element, as a collection view asks them: the replacement's
    /// answer, else the layout's method for the element's category.
    public func effectiveAttributes(for question: ElementQuestion) -> LayoutAttributes? {
        if let hook = overrideHook, let answer = hook.callOverride(question, on: self) { return answer.attributes }
        switch question {
        case .item(let indexPath): return layoutAttributesForItem(at: indexPath)
        case .supplementary(let kind, let indexPath): return layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
        case .decoration(let kind, let indexPath): return layoutAttributesForDecorationView(ofKind: kind, at: indexPath)
        }
    }
}
