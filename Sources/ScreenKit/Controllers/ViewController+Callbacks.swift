// MARK: - Sending the overridable callbacks

// Every callback ScreenKit sends a controller (``ViewController/Callback``) asks the
// controller's ``ViewController/overrideHook`` first and runs the controller's own method
// only when the hook has no replacement.

extension ViewController {
    /// A callback a controller's class may override, as the containers and the window send it.
    public enum Callback: OverridableMethod {
        public typealias Answer = Void

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

        public var name: String {
            switch self {
            case .loadView: "loadView"
            case .viewDidLoad: "viewDidLoad"
            case .viewWillAppear: "viewWillAppear"
            case .viewDidAppear: "viewDidAppear"
            case .viewWillDisappear: "viewWillDisappear"
            case .viewDidDisappear: "viewDidDisappear"
            case .viewWillLayoutSubviews: "viewWillLayoutSubviews"
            case .viewDidLayoutSubviews: "viewDidLayoutSubviews"
            case .didReceiveMemoryWarning: "didReceiveMemoryWarning"
            case .viewWillTransition: "viewWillTransition"
            case .willMoveToParent: "willMoveToParent"
            case .didMoveToParent: "didMoveToParent"
            case .prepareForSegue: "prepareForSegue"
            case .touches(let phase, _): phase.responderMethod
            }
        }
    }

    /// A question a controller's class may override.
    public enum Question: OverridableMethod {
        public typealias Answer = Bool
        /// ``ViewController/shouldAutomaticallyForwardAppearanceMethods``.
        case shouldAutomaticallyForwardAppearanceMethods

        public var name: String { "shouldAutomaticallyForwardAppearanceMethods" }
    }

    /// A segue the replacement knows by `identifier`, asked after the controller's own
    /// (a script registers segues for its class).
    public struct SegueLookup: OverridableMethod {
        public typealias Answer = SegueTemplate
        public let identifier: String
        public var name: String { "segueTemplate" }
    }

    /// Sends `callback`: to its replacement when the controller has one, else to the method.
    func send(_ callback: Callback) {
        if let hook = overrideHook, hook.callOverride(callback, on: self) != nil { return }
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
        overrideHook?.callOverride(Question.shouldAutomaticallyForwardAppearanceMethods, on: self)
            ?? shouldAutomaticallyForwardAppearanceMethods
    }

    /// The layout callbacks reach the replacement from the methods' base implementations,
    /// because the view calls the methods directly. No container overrides them; a
    /// replacement's own `super` call comes back here and must not run it again, which the
    /// replacement tells by answering false.
    func sendLayoutCallbackFromBase(_ callback: Callback) {
        _ = overrideHook?.callOverride(callback, on: self)
    }
}
