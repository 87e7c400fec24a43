/// A bar that shows how far a task has got (`UIProgressView`): the part done in the view's
/// tint, over a track. It takes no touches of its own and does not step: what it shows is
/// the app's to set.
open class ProgressView: View {
    /// How far the task has got, from 0 to 1. A value beyond either end is taken as that
    /// end, as UIKit does; NaN as 0.
    public var progress: Double {
        get { storedProgress }
        set { storedProgress = newValue.isNaN ? 0 : min(max(newValue, 0), 1) }
    }

    private var storedProgress = 0.0

    /// One row tall, and as long as it is given, as UIKit's bar.
    open override var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: Label.cellSize.height)
    }

    /// The bar, in the tint; its value reads as a percentage ("40%").
    open override var contentDescription: ViewDescription {
        ViewDescription(.progress(progress), kind: "ProgressView", foreground: effectiveTintColor,
                        accessibilityLabel: accessibilityLabel, accessibilityValue: ViewDescription.percent(progress))
    }
}
