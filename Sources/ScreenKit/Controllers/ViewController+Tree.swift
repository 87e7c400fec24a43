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
        forEachBelow { controller in
            controller.send(.didReceiveMemoryWarning)
            controller.unloadViewIfOffScreen()
        }
    }

    /// Tells this controller and every controller below it that the screen is about to
    /// change to `size`.
    public func willTransition(to size: Size) {
        forEachBelow { $0.send(.viewWillTransition(size)) }
    }

    /// Runs `body` on this controller, then on the controllers below it, depth first: each
    /// before the ones below it, which are looked up once `body` has run on it. A loop, so
    /// no depth of children or presentations can overflow the stack; and each controller
    /// once, so that even a cycle the containment checks missed cannot keep it going.
    private func forEachBelow(_ body: (ViewController) -> Void) {
        var pending: [ViewController] = [self]
        var visited: Set<ObjectIdentifier> = []
        while let controller = pending.popLast() {
            guard visited.insert(ObjectIdentifier(controller)).inserted else { continue }
            body(controller)
            pending.append(contentsOf: controller.descendantsAndPresented.reversed())
        }
    }
}
