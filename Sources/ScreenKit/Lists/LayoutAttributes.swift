/// Where and how a collection view shows one element — a cell, a supplementary view or a
/// decoration view — as a layout computes it (`UICollectionViewLayoutAttributes`).
///
/// The frame is in the collection view's content coordinates. Setting ``center`` moves the
/// frame and keeps its size; setting ``size`` resizes it about its centre, as UIKit's
/// attributes do.
///
/// ```swift
/// var attributes = LayoutAttributes(forCellAt: IndexPath(item: 3, section: 0))
/// attributes.size = Size(width: 244, height: 120)
/// attributes.center = Point(x: 400, y: 300)
/// attributes.zIndex = -3
/// ```
///
/// The type holds any `Double`s and computing with them never traps; a binding refuses
/// values that are not finite (``firstNonFiniteField``), and a collection view does not
/// show an element whose attributes are not finite.
public nonisolated struct LayoutAttributes: Hashable, Sendable, CustomStringConvertible {
    /// What kind of element the attributes place.
    public enum Category: Hashable, Sendable {
        /// A cell, made by the data source.
        case cell
        /// A supplementary view of a kind (``SupplementaryKind/header``, ``SupplementaryKind/footer``
        /// or any kind a layout names), made by the data source.
        case supplementary(kind: String)
        /// A decoration view of a kind, made from the layout's registration.
        case decoration(kind: String)
    }

    public var indexPath: IndexPath
    public var category: Category
    /// The rectangle the element takes, in the collection view's content coordinates.
    public var frame: Rect
    /// The order in which overlapping elements are drawn and hit-tested: higher in front.
    public var zIndex = 0
    /// Opacity from 0 to 1.
    public var alpha = 1.0
    public var isHidden = false
    /// The transform applied about the element's centre.
    public var transform: AffineTransform = .identity

    public init(indexPath: IndexPath, category: Category, frame: Rect = .zero) {
        self.indexPath = indexPath
        self.category = category
        self.frame = frame
    }

    /// Attributes for the cell at `indexPath`.
    public init(forCellAt indexPath: IndexPath, frame: Rect = .zero) {
        self.init(indexPath: indexPath, category: .cell, frame: frame)
    }

    /// Attributes for the supplementary view of `kind` at `indexPath`.
    public init(forSupplementaryOfKind kind: String, at indexPath: IndexPath, frame: Rect = .zero) {
        self.init(indexPath: indexPath, category: .supplementary(kind: kind), frame: frame)
    }

    /// Attributes for the decoration view of `kind` at `indexPath`.
    public init(forDecorationOfKind kind: String, at indexPath: IndexPath, frame: Rect = .zero) {
        self.init(indexPath: indexPath, category: .decoration(kind: kind), frame: frame)
    }

    /// The centre of the frame; setting it moves the frame and keeps its size.
    public var center: Point {
        get { frame.center }
        set {
            frame.origin = Point(x: newValue.x - frame.size.width / 2, y: newValue.y - frame.size.height / 2)
        }
    }

    /// The size of the frame; setting it keeps the centre where it is.
    public var size: Size {
        get { frame.size }
        set {
            let center = self.center
            frame.size = newValue
            self.center = center
        }
    }

    /// The kind of a supplementary or decoration view; nil for a cell
    /// (`representedElementKind`).
    public var representedElementKind: String? {
        switch category {
        case .cell: nil
        case .supplementary(let kind), .decoration(let kind): kind
        }
    }

    /// The element these attributes place: its category and index path, without the
    /// geometry. Two attributes for the same element have the same key.
    public var element: Element { Element(category: category, indexPath: indexPath) }

    /// The name of the first number that is not finite (`"frame"`, `"alpha"` or
    /// `"transform"`), or nil when all are.
    public var firstNonFiniteField: String? {
        let rect = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
        if !rect.allSatisfy(\.isFinite) { return "frame" }
        if !alpha.isFinite { return "alpha" }
        let matrix = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        if !matrix.allSatisfy(\.isFinite) { return "transform" }
        return nil
    }

    /// Whether every number is finite.
    public var isFinite: Bool { firstNonFiniteField == nil }

    public var description: String {
        let what = switch category {
        case .cell: "cell"
        case .supplementary(let kind): "supplementary '\(kind)'"
        case .decoration(let kind): "decoration '\(kind)'"
        }
        return "\(what) \(indexPath) frame \(frame) zIndex \(zIndex)"
    }

    /// One element of a collection view: a cell, or a supplementary or decoration view of a
    /// kind, at an index path.
    public struct Element: Hashable, Sendable {
        public var category: Category
        public var indexPath: IndexPath

        public init(category: Category, indexPath: IndexPath) {
            self.category = category
            self.indexPath = indexPath
        }
    }
}

/// The supplementary kinds a flow layout places (`UICollectionView.elementKindSectionHeader`
/// and `elementKindSectionFooter`); a layout may name any other kind.
public nonisolated enum SupplementaryKind {
    public static let header = "header"
    public static let footer = "footer"
}
