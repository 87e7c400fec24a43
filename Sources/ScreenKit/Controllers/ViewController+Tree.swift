// MARK: - Messages to the whole tree

extension ViewController {
    /// The controllers below this one: children, then the presented controller.
    var descendantsAndPresented: [ViewController] {
        children + (presentedViewController.map { [$0] } ?? [])
    }

    /// Sends a memory warning to this controller, then to every controller below it. Each
    /// whose view is in no window lets the view go in the base `didReceiveMemoryWarning`,
    /// so an override that calls super first sees `isViewLoaded` false; one that does not
    /// call super loses it right after (`isViewLoaded` becomes false and the next access
    /// loads it again, with `viewDidLoad`).
    public func receiveMemoryWarning() {
        send(.didReceiveMemoryWarning)
        unloadViewIfOffScreen()
        for controller in descendantsAndPresented { controller.receiveMemoryWarning() }
    }

    /// Tells this controller and every controller below it that the screen is about to
    /// change to `size`.
    public func willTransition(to size: Size) {
        send(.viewWillTransition(size))
        for controller in descendantsAndPresented { controller.willTransition(to: size) }
    }
}
