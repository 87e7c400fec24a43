/// The controllers whose root views enter or leave a visible window as a view moves.
///
/// A controller appears when its root view enters a visible window and disappears when it
/// leaves, as UIKit's do. Only the outermost controllers in the moving tree are told: each
/// forwards to its own children.
struct WindowMove {
    private let controllers: [ViewController]
    private let appearing: Bool

    init?(of view: View, to newWindow: Window?) {
        guard view.visibleWindow !== newWindow else { return nil }
        var controllers: [ViewController] = []
        WindowMove.collect(from: view, into: &controllers)
        guard !controllers.isEmpty else { return nil }
        self.controllers = controllers
        appearing = newWindow != nil
    }

    init(of window: Window, appearing: Bool) {
        var controllers: [ViewController] = []
        WindowMove.collect(from: window, into: &controllers)
        self.controllers = controllers
        self.appearing = appearing
    }

    func begin() {
        for controller in controllers { controller.rootViewWillMove(appearing: appearing) }
    }

    /// Ends the move. Appearing views are laid out first, so that a controller lays out
    /// between `viewWillAppear` and `viewDidAppear`, as in UIKit.
    func end() {
        if appearing {
            for controller in controllers { controller.viewIfLoaded?.layoutIfNeeded() }
        }
        for controller in controllers { controller.rootViewDidMove(appearing: appearing) }
    }

    /// The controllers of the outermost root views in `view`'s tree, depth first, back to
    /// front.
    private static func collect(from view: View, into controllers: inout [ViewController]) {
        var pending: [View] = [view]
        while let view = pending.popLast() {
            if let controller = view._controller.object {
                controllers.append(controller)
            } else {
                pending.append(contentsOf: view.subviews.reversed())
            }
        }
    }
}
