/// How an animation's progress follows time: UIKit's four timing curves.
///
/// The eased curves are the cubic Béziers Core Animation uses: ease-in (0.42, 0, 1, 1),
/// ease-out (0, 0, 0.58, 1), ease-in-out (0.42, 0, 0.58, 1). The raw values are the names
/// scripts use.
///
/// ```swift
/// AnimationCurve.easeInOut.progress(at: 0.25)   // ≈ 0.129
/// ```
public nonisolated enum AnimationCurve: String, Sendable, CaseIterable {
    case linear, easeIn, easeOut, easeInOut

    /// The eased progress at a fraction of the duration.
    ///
    /// - Parameter fraction: The elapsed fraction of the duration, clamped to 0...1.
    /// - Returns: The progress, from exactly 0 at 0 to exactly 1 at 1.
    public func progress(at fraction: Double) -> Double {
        guard fraction > 0 else { return 0 }
        guard fraction < 1 else { return 1 }
        switch self {
        case .linear: return fraction
        case .easeIn: return Self.bezier(x1: 0.42, y1: 0, x2: 1, y2: 1, at: fraction)
        case .easeOut: return Self.bezier(x1: 0, y1: 0, x2: 0.58, y2: 1, at: fraction)
        case .easeInOut: return Self.bezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1, at: fraction)
        }
    }

    // MARK: - Cubic Bézier

    /// The curve from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), evaluated at
    /// `x`: solve x(s) = x for the parameter s by bisection (x(s) is monotonic), then return y(s).
    private static func bezier(x1: Double, y1: Double, x2: Double, y2: Double, at x: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let t = 1 - s
            return 3 * t * t * s * p1 + 3 * t * s * s * p2 + s * s * s
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if coordinate(middle, x1, x2) < x { low = middle } else { high = middle }
        }
        return coordinate((low + high) / 2, y1, y2)
    }
}
