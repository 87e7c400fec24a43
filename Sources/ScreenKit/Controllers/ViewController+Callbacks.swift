// MARK: - Sending the overridable callbacks

/// A controller whose overridable methods can be replaced from outside its Swift class.
///
/// A scripting layer conforms the controller classes its scripts extend, once for all of
/// them: every callback ScreenKit sends (``ViewController/Callback``) asks the replacement
/// first and runs the controller's own method only when there is none. A replacement that
/// wants the Swift behaviour as well calls the method itself (its `super` call).
public protocol ViewControllerOverriding: ViewController {
    /// Runs the replacement of `callback`; false when there is none, and the method runs.
    func performOverride(of callback: ViewController.Callback) -> Bool
    /// The replacement's answer to ``ViewController/shouldAutomaticallyForwardAppearanceMethods``,
    /// nil when there is none.
    var overriddenForwardsAppearance: Bool? { get }
    /// A segue the replacement knows by `identifier`, asked after the controller's own.
    func overriddenSegueTemplate(withIdentifier identifier: String) -> SegueTemplate?
    /// The class name the replacement goes by, for messages; nil for the Swift class's.
    var overriddenClassName: String? { get }
}

extension ViewController {
    /// A callback a controller's class may override, as the containers and the window send it.
    public enum Callback {
        case loadView
        case viewDidLoad
        case viewWillAppear(Bool)
        case viewDidAppear(Bool)
        case viewWillDisappear(Bool)
        case viewDidDisappear(Bool)
        case viewWillLayoutSubviews
        case viewDidLayoutSubviews
        case didReceiveMemoryWarning
        case viewWillTransition(Size)
        case willMoveToParent(ViewController?)
        case didMoveToParent(ViewController?)
        case prepareForSegue(Segue, sender: Any?)
        /// `touchesBegan`, `touchesMoved`, `touchesEnded` or `touchesCancelled`, by the phase:
        /// touches the controller's view passed up the responder chain.
        case touches(TouchPhase, [Touch])
    }

    /// Sends `callback`: to its replacement when the controller has one, else to the method.
    func send(_ callback: Callback) {
        if let overriding = self as? any ViewControllerOverriding, overriding.performOverride(of: callback) { return }
        switch callback {
        case .loadView: loadView()
        case .viewDidLoad: viewDidLoad()
        case .viewWillAppear(let animated): viewWillAppear(animated)
        case .viewDidAppear(let animated): viewDidAppear(animated)
        case .viewWillDisappear(let animated): viewWillDisappear(animated)
        case .viewDidDisappear(let animated): viewDidDisappear(animated)
        case .viewWillLayoutSubviews: viewWillLayoutSubviews()
        case .viewDidLayoutSubviews: viewDidLayoutSubviews()
        case .didReceiveMemoryWarning: didReceiveMemoryWarning()
        case .viewWillTransition(let size): viewWillTransition(to: size)
        case .willMoveToParent(let parent): willMove(toParent: parent)
        case .didMoveToParent(let parent): didMove(toParent: parent)
        case .prepareForSegue(let segue, let sender): prepare(for: segue, sender: sender)
        case .touches(let phase, let touches): runTouchesMethod(phase, touches)
        }
    }

    /// Whether appearance callbacks reach the children automatically, asking the replacement first.
    var forwardsAppearanceAutomatically: Bool {
        (self as? any ViewControllerOverriding)?.overriddenForwardsAppearance
            ?? shouldAutomaticallyForwardAppearanceMethods
    }

    /// The layout callbacks reach the replacement from the methods' base implementations,
    /// because the view calls the methods directly. No container overrides them; a
    /// replacement's own `super` call comes back here and must not run it again, which the
    /// replacement tells by answering false.
    func sendLayoutCallbackFromBase(_ callback: Callback) {
        _ = (self as? any ViewControllerOverriding)?.performOverride(of: callback)
    }
}
