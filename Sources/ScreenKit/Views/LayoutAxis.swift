/// The direction a stack lines its views up in, and the axis a layout priority is for
/// (UIKit's `NSLayoutConstraint.Axis`).
public nonisolated enum LayoutAxis: String, CaseIterable, Sendable {
    case horizontal, vertical
}
