/// A rectangle: an origin and a size, in points. Values are exact `Double`s; a negative
/// size is allowed and `standardized` flips it, as `CGRect` does.
public nonisolated struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    // MARK: - Edges

    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { abs(size.width) }
    public var height: Double { abs(size.height) }
    public var center: Point { Point(x: midX, y: midY) }

    /// The same rectangle with a non-negative size.
    public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    /// Whether it has no area.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    // MARK: - Operations

    /// Whether `point` lies inside: the minimum edges are in, the maximum edges out.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies entirely inside.
    public func contains(_ other: Rect) -> Bool {
        let other = other.standardized
        return other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The smallest rectangle holding both; an empty rectangle adds nothing.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other.standardized }
        if other.isEmpty { return standardized }
        let x = min(minX, other.minX), y = min(minY, other.minY)
        return Rect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
    }

    /// The overlap, or nil when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let x = max(minX, other.minX), y = max(minY, other.minY)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > x, bottom > y else { return nil }
        return Rect(x: x, y: y, width: right - x, height: bottom - y)
    }

    /// Whether they overlap.
    public func intersects(_ other: Rect) -> Bool { intersection(other) != nil }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom
    /// (grown for negative values).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let rect = standardized
        return Rect(x: rect.minX + dx, y: rect.minY + dy, width: rect.width - 2 * dx, height: rect.height - 2 * dy)
    }

    /// The rectangle shrunk by `insets`.
    public func inset(by insets: EdgeInsets) -> Rect {
        let rect = standardized
        return Rect(
            x: rect.minX + insets.left, y: rect.minY + insets.top,
            width: rect.width - insets.left - insets.right, height: rect.height - insets.top - insets.bottom)
    }

    /// The rectangle moved by `dx` and `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    public var description: String {
        "(\(formatted(origin.x)), \(formatted(origin.y)), \(formatted(size.width)), \(formatted(size.height)))"
    }
}
