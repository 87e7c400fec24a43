import Testing
@testable import ScreenKit

struct GeometryTests {
    let rect = Rect(x: 10, y: 20, width: 100, height: 50)

    @Test func edgesAndCenter() {
        #expect(rect.minX == 10 && rect.maxX == 110 && rect.midX == 60)
        #expect(rect.minY == 20 && rect.maxY == 70 && rect.midY == 45)
        #expect(rect.center == Point(x: 60, y: 45))
        #expect(Rect(x: 10, y: 10, width: -4, height: -6).standardized == Rect(x: 6, y: 4, width: 4, height: 6))
    }

    @Test func containsIncludesTheMinimumEdgesOnly() {
        #expect(rect.contains(Point(x: 10, y: 20)))
        #expect(rect.contains(Point(x: 109.5, y: 69.5)))
        #expect(!rect.contains(Point(x: 110, y: 45)))
        #expect(!rect.contains(Point(x: 60, y: 70)))
        #expect(rect.contains(Rect(x: 10, y: 20, width: 100, height: 50)))
        #expect(!rect.contains(Rect(x: 10, y: 20, width: 101, height: 50)))
    }

    @Test func unionAndIntersection() {
        let other = Rect(x: 100, y: 60, width: 20, height: 20)
        #expect(rect.union(other) == Rect(x: 10, y: 20, width: 110, height: 60))
        #expect(rect.union(.zero) == rect)
        #expect(rect.intersection(other) == Rect(x: 100, y: 60, width: 10, height: 10))
        #expect(rect.intersection(Rect(x: 110, y: 20, width: 5, height: 5)) == nil)
        #expect(!rect.intersects(Rect(x: 0, y: 0, width: 10, height: 10)))
    }

    @Test func insetsAndOffsets() {
        #expect(rect.insetBy(dx: 5, dy: 10) == Rect(x: 15, y: 30, width: 90, height: 30))
        #expect(rect.insetBy(dx: -5, dy: 0) == Rect(x: 5, y: 20, width: 110, height: 50))
        #expect(rect.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 12, y: 21, width: 94, height: 46))
        #expect(rect.offsetBy(dx: -10, dy: 5) == Rect(x: 0, y: 25, width: 100, height: 50))
    }

    @Test func transformsComposeAndInvert() {
        let move = AffineTransform(translationX: 10, y: 5)
        let scale = AffineTransform(scaleX: 2, y: 3)
        #expect(scale.concatenating(move).apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 8))
        #expect(move.concatenating(scale).apply(to: Point(x: 1, y: 1)) == Point(x: 22, y: 18))
        let turn = AffineTransform(rotationAngle: .pi / 2)
        #expect(turn.apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: 1))
        let combined = turn.concatenating(scale).concatenating(move)
        let inverse = try! #require(combined.inverted())
        #expect(inverse.apply(to: combined.apply(to: Point(x: 7, y: -3))).distance(to: Point(x: 7, y: -3)) < 1e-9)
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
        #expect(turn.apply(to: Rect(x: 0, y: 0, width: 20, height: 10)) == Rect(x: -10, y: 0, width: 10, height: 20))
    }

    @Test func colours() {
        #expect(Color(hex: "#ff8000")?.hex == "#ff8000")
        #expect(Color(hex: "0f0") == .green)
        #expect(Color(hex: "#00000080")?.alpha == 128.0 / 255)
        #expect(Color(hex: "nope") == nil)
        #expect(Color.clear.hex == "#00000000")
    }

    @Test func hugeAndNonFiniteNumbersAreNoTrap() {
        #expect(AffineTransform(rotationAngle: 1e308).a.isFinite)
        #expect(AffineTransform(rotationAngle: .infinity).a.isNaN)
        #expect(AffineTransform(rotationAngle: -3 * .pi / 2) == AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        #expect(Color(red: .nan, green: .infinity, blue: -1).hex == "#00ff00")
    }
}
