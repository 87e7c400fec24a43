#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2-D affine transform, as `CGAffineTransform`: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty).
public nonisolated struct AffineTransform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    public init(scaleX x: Double, y: Double) { self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }

    /// A rotation by `angle` radians; positive angles turn clockwise on screen (y down).
    public init(rotationAngle angle: Double) {
        let cosine = Self.exactCosine(angle), sine = Self.exactSine(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// This transform followed by `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The transform that undoes this one, or nil when it is not invertible.
    public func inverted() -> AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return AffineTransform(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }

    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The bounding box of the transformed rectangle.
    public func apply(to rect: Rect) -> Rect {
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
        ].map(apply(to:))
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    // Quarter turns give exact results, so that rotated frames stay whole numbers.
    private static func exactSine(_ angle: Double) -> Double {
        guard let turn = quarterTurn(angle) else { return sin(angle) }
        return [0, 1, 0, -1][turn]
    }

    private static func exactCosine(_ angle: Double) -> Double {
        guard let turn = quarterTurn(angle) else { return cos(angle) }
        return [1, 0, -1, 0][turn]
    }

    /// Which of the four quarter turns (0 to 3) `angle` is, or nil when it is none (or not
    /// a finite number). The remainder is taken in floating point, so a huge angle cannot
    /// overflow an integer.
    private static func quarterTurn(_ angle: Double) -> Int? {
        let quarter = angle / (Double.pi / 2)
        guard quarter.isFinite, quarter == quarter.rounded() else { return nil }
        let turn = quarter.truncatingRemainder(dividingBy: 4)
        return Int(turn < 0 ? turn + 4 : turn)
    }
}
