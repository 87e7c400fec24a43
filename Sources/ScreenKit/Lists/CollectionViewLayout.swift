/// Places the elements of a collection view: it answers where each cell, supplementary view
/// and decoration view goes, and how large the content is (`UICollectionViewLayout`).
///
/// Subclass it and override ``collectionViewContentSize``, ``layoutAttributesForElements(in:)``
/// and ``layoutAttributesForItem(at:)`` (and the supplementary and decoration methods when the
/// layout has such views). Work that depends on the whole content goes in ``prepare()``,
/// which runs once after each ``invalidateLayout()``, before the next question: whoever asks
/// (the collection view does) calls ``prepareIfNeeded()`` first.
///
/// ```swift
/// final class DiagonalLayout: CollectionViewLayout {
///     override var collectionViewContentSize: Size { collectionView?.bounds.size ?? .zero }
///     override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
///         var attributes = LayoutAttributes(forCellAt: indexPath)
///         attributes.size = Size(width: 100, height: 60)
///         attributes.center = Point(x: 60 + 20 * Double(indexPath.item), y: 40 + 20 * Double(indexPath.item))
///         attributes.zIndex = -indexPath.item
///         return attributes
///     }
///     // layoutAttributesForElements(in:) returns those that meet the rect.
/// }
/// ```
open class CollectionViewLayout {
    public init() {}

    /// What replaces the layout's overridable methods (see ``OverrideHook`` and
    /// CollectionViewLayout+Overriding.swift): a script's class that extends the layout's.
    /// Nil for none, and its own methods answer.
    public var overrideHook: (any OverrideHook)?

    /// The collection view this layout lays out; the collection view sets it when the layout
    /// becomes its layout. Weak: the collection view owns its layout.
    public weak var collectionView: (any CollectionViewLayoutContext)? {
        didSet { invalidateLayout() }
    }

    // MARK: - Preparing

    /// Whether ``prepare()`` is due before the next question.
    public private(set) var needsPrepare = true
    /// The collection view's bounds when ``prepare()`` last ran.
    public private(set) var preparedBounds: Rect?

    /// Marks the layout as out of date: ``prepare()`` runs again before the next question,
    /// and the collection view lays its elements out again.
    public func invalidateLayout() {
        needsPrepare = true
        collectionView?.setNeedsLayout()
    }

    /// Runs ``prepare()`` if the layout was invalidated since it last ran. Cleared before
    /// `prepare` runs, so a `prepare` that asks the layout's own questions does not recurse.
    public func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        preparedBounds = collectionView?.bounds
        if let hook = overrideHook, hook.callOverride(Callback.prepare, on: self) != nil { return }
        prepare()
    }

    /// Computes what the answers need, once per invalidation. The default does nothing.
    open func prepare() {}

    /// Whether a change of the collection view's bounds to `newBounds` needs a new layout;
    /// the collection view asks as its bounds change, scrolling included. The default says
    /// yes when the size differs from the one the layout was last prepared for (scrolling
    /// alone moves the origin and needs none). UIKit's default says no; a layout that
    /// depends on the view's size, as most do, would otherwise have to say so itself.
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        guard let preparedBounds else { return false }
        return newBounds.size != preparedBounds.size
    }

    /// Whether selecting or deselecting an item invalidates the layout, for layouts that
    /// place selected items differently (reading the context's `indexPathsForSelectedItems`).
    public var invalidatesOnSelection = false

    // MARK: - Answers

    /// The size of the whole content. The default is zero.
    open var collectionViewContentSize: Size { .zero }

    /// The attributes of every element whose frame meets `rect`, in any order. The default
    /// is none.
    open func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { [] }

    /// The attributes of the cell at `indexPath`, or nil when the layout has none there.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

    /// The attributes of the supplementary view of `kind` at `indexPath`, or nil when the
    /// layout has none.
    open func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        nil
    }

    /// The attributes of the decoration view of `kind` at `indexPath`, or nil when the layout
    /// has none.
    open func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath) -> LayoutAttributes? {
        nil
    }

    // MARK: - Decoration views

    /// How the decoration views of each kind are made.
    private var decorationFactories: [String: () -> CollectionReusableView] = [:]

    /// Registers how to make the decoration views of `kind` (`register(_:forDecorationViewOfKind:)`):
    /// the collection view makes them as the layout's attributes ask for them and reuses
    /// them by kind. Registering a kind again replaces its factory.
    public func register(decorationKind kind: String, factory: @escaping () -> CollectionReusableView) {
        decorationFactories[kind] = factory
    }

    /// Whether decoration views of `kind` are registered.
    public func hasDecoration(ofKind kind: String) -> Bool {
        decorationFactories[kind] != nil
    }

    /// How to make the decoration views of `kind`, or nil when the kind is not registered.
    public func decorationFactory(ofKind kind: String) -> (() -> CollectionReusableView)? {
        decorationFactories[kind]
    }
}
