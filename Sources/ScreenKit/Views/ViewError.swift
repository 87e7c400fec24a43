/// A change to the view hierarchy that cannot be made.
public enum ViewError: Error, Equatable, CustomStringConvertible {
    /// The view to add is the view it is added to, or contains it.
    case containsItself
    /// The view to add is a window, which is the root of its hierarchy.
    case windowAsSubview

    public var description: String {
        switch self {
        case .containsItself:
            "cannot add a view to itself or to a view inside it: a view cannot contain itself"
        case .windowAsSubview:
            "cannot add a window to a view: a window is the root of its hierarchy, not a subview"
        }
    }
}
