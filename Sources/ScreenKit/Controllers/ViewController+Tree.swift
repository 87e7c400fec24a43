// MARK: - Messages to the whole tree

extension ViewController {
    /// The controllers below this one: children, then the presented controller.
    var descendantsAndPresented: [ViewController] {
        children + (presentedViewController.map { [$0] } ?? [])
    }

    /// Sends a memory warning to this controller and every controller below it; afterwards
    /// each whose view is in no window lets the view go (`isViewLoaded` becomes false and the
    /// next access loads it again, with `viewDidLoad`).
    public func receiveMemoryWarning() {
        didReceiveMemoryWarning()
        for controller in descendantsAndPresented { controller.receiveMemoryWarning() }
        if let view = viewIfLoaded, view.window == nil {
            unloadView()
        }
    }

    /// Tells this controller and every controller below it that the screen is about to
    /// change to `size`.
    public func willTransition(to size: Size) {
        viewWillTransition(to: size)
        for controller in descendantsAndPresented { controller.willTransition(to: size) }
    }
}
