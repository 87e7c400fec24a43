import LuaBridge
import ScreenKit

/// Where a person was in an app, as plain data that outlives the app's Lua state: the
/// window's controller tree by Lua class names (each navigation stack bottom to top, each
/// tab bar's selected tab, the pages shown, the presented controllers) and what each
/// controller saved with `encodeRestorableState(coder)`.
///
/// A reload captures it from the old app and restores it into the new one, where the new
/// code still has those classes:
///
/// ```swift
/// let state = NavigationState.capture(from: oldWindow, host: oldHost)
/// let notes = state.restore(into: newWindow, host: newHost)   // ["dropped Editor (no such class)"]
/// ```
public struct NavigationState: Equatable, Sendable {
    /// The window's root controller, or nil when it had none.
    public var root: Node?

    /// One controller: its class, what it saved, and the controllers it holds.
    public struct Node: Equatable, Sendable {
        /// The Lua class name (`Diary`), or the `ui` class of a controller made from `ui`
        /// directly (`ui.NavigationController`).
        public var className: String
        /// What `encodeRestorableState(coder)` left in the coder, when the class has one.
        public var state: RestorableValue?
        public var content: Content
        /// The controller it presents, if any (the presented chain continues from there).
        public var presented: Node? {
            get { presentedStorage.first }
            set { presentedStorage = newValue.map { [$0] } ?? [] }
        }
        private var presentedStorage: [Node] = []

        public init(className: String, state: RestorableValue? = nil, content: Content = .plain([]), presented: Node? = nil) {
            self.className = className
            self.state = state
            self.content = content
            self.presented = presented
        }
    }

    /// What a controller contains, by kind of container.
    public enum Content: Equatable, Sendable {
        /// Child controllers of a plain controller (or a split view's master and detail).
        case plain([Node])
        /// A navigation stack, bottom to top.
        case navigation([Node])
        /// Tabs, and the index of the selected one (from 0).
        case tabs([Node], selected: Int?)
        /// The pages a page view controller shows.
        case pages([Node])
    }

    public init(root: Node?) {
        self.root = root
    }

    // MARK: - Capturing

    /// Captures the state of `window`'s controllers. Controllers that define
    /// `encodeRestorableState(coder)` are asked to fill a coder; what is not plain data is
    /// left out with a warning to the host's ``ScriptHost/warningHandler``, and an error in
    /// it is reported as any callback's.
    public static func capture(from window: Window, host: ScriptHost) -> NavigationState {
        NavigationState(root: window.rootViewController.map { node(for: $0, host: host, depth: 0) })
    }

    /// The deepest controller tree a capture follows; no app nests this deep.
    static let depthLimit = 64

    private static func node(for controller: ViewController, host: ScriptHost, depth: Int) -> Node {
        var node = Node(className: className(of: controller), state: encode(controller, host: host))
        guard depth < depthLimit else { return node }
        let children = { (list: [ViewController]) in list.map { Self.node(for: $0, host: host, depth: depth + 1) } }
        switch controller {
        case let navigation as NavigationController:
            node.content = .navigation(children(navigation.viewControllers))
        case let tabs as TabBarController:
            node.content = .tabs(children(tabs.viewControllers), selected: tabs.selectedIndex)
        case let pages as PageViewController:
            node.content = .pages(children(pages.viewControllers))
        case let split as SplitViewController:
            node.content = .plain(children(split.viewControllers))
        default:
            node.content = .plain(children(controller.children))
        }
        if let presented = controller.presentedViewController, presented.presentingViewController === controller {
            node.presented = self.node(for: presented, host: host, depth: depth + 1)
        }
        return node
    }

    /// The Lua class name of a controller, or the `ui` class it was made from.
    static func className(of controller: ViewController) -> String {
        controller.luaPeer?.luaClassName ?? type(of: controller).publicName
    }

    /// Calls the controller's `encodeRestorableState(coder)`, when its class defines one.
    private static func encode(_ controller: ViewController, host: ScriptHost) -> RestorableValue? {
        guard let peer = controller.luaPeer, peer.overrides("encodeRestorableState") else { return nil }
        let coder = host.lua.newTable()
        let result = peer.callOverride("encodeRestorableState", on: controller, coder)
        guard case .returned(let values) = result else { return nil }
        let name = className(of: controller)
        var table = coder
        if let returned = values.first, !returned.isNil {
            guard let returnedTable = returned.tableValue else {
                host.warningHandler(
                    "encodeRestorableState of \(name) returned a \(returned.type); it fills the coder it is given (or returns a table)")
                return nil
            }
            table = returnedTable
        }
        let value = RestorableValue.read(table, named: "coder") { problem in
            host.warningHandler("encodeRestorableState of \(name): \(problem)")
        }
        if case .table(let fields) = value, fields.isEmpty { return nil }
        return value
    }

    // MARK: - Restoring

    /// Restores the state into `window`, whose app has just launched in `host`: where the
    /// new controllers have the classes the old ones had, they get what the old ones saved
    /// (`decodeRestorableState(coder)`), and what the new app did not build itself (a
    /// pushed controller, a presented one, the selected tab, the pages shown) is made again
    /// with `Class:new()` (or the class's `newForRestoration(coder)`), without animation.
    ///
    /// - Returns: what could not be restored, one note each ("dropped Editor (no such
    ///   class)"); empty when everything was.
    @discardableResult
    public func restore(into window: Window, host: ScriptHost) -> [String] {
        var restorer = Restorer(host: host)
        guard let root else { return [] }
        guard let newRoot = window.rootViewController else {
            restorer.drop(root, because: "the new app shows no root controller")
            return restorer.notes
        }
        let newName = Self.className(of: newRoot)
        guard newName == root.className else {
            restorer.drop(root, because: "the new root controller is \(newName)")
            return restorer.notes
        }
        restorer.restore(root, into: newRoot)
        return restorer.notes
    }

    /// The classes from the root to the top controller a person sees (through the selected
    /// tab, a whole stack, the last presented), `ui` containers left out:
    /// what a status line shows as kept ("Videos › Detail").
    public static func visiblePath(of window: Window) -> [String] {
        window.rootViewController.map { visiblePath(from: $0, depth: 0) } ?? []
    }

    private static func visiblePath(from controller: ViewController, depth: Int) -> [String] {
        guard depth < depthLimit else { return [] }
        let named = { (controllers: [ViewController]) in controllers.map(className(of:)).filter { !$0.hasPrefix("ui.") } }
        var path = named([controller])
        let next: ViewController?
        switch controller {
        case let navigation as NavigationController:
            path += named(navigation.viewControllers.dropLast())
            next = navigation.topViewController
        case let tabs as TabBarController: next = tabs.selectedViewController
        case let pages as PageViewController: next = pages.viewControllers.first
        case let split as SplitViewController: next = split.detailViewController ?? split.masterViewController
        default: next = controller.children.last
        }
        if let next { path += visiblePath(from: next, depth: depth + 1) }
        if let presented = controller.presentedViewController, presented.presentingViewController === controller {
            path += visiblePath(from: presented, depth: depth + 1)
        }
        return path
    }
}

/// Walks a captured tree and the new app's tree side by side.
private struct Restorer {
    let host: ScriptHost
    var notes: [String] = []

    init(host: ScriptHost) {
        self.host = host
    }

    mutating func drop(_ node: NavigationState.Node, because reason: String) {
        notes.append("dropped \(node.className) (\(reason))")
    }

    /// Restores `node` into `controller`, of the same class.
    mutating func restore(_ node: NavigationState.Node, into controller: ViewController) {
        decode(node, into: controller)
        switch (node.content, controller) {
        case (.navigation(let stack), let navigation as NavigationController):
            restoreStack(stack, into: navigation)
        case (.tabs(let tabs, let selected), let tabBar as TabBarController):
            for (saved, tab) in zip(tabs, tabBar.viewControllers) where NavigationState.className(of: tab) == saved.className {
                restore(saved, into: tab)
            }
            if let selected, selected != tabBar.selectedIndex {
                if tabBar.viewControllers.indices.contains(selected) {
                    try? tabBar.select(at: selected)
                } else {
                    notes.append("kept tab \(tabBar.selectedIndex.map { $0 + 1 } ?? 1): the new app has \(tabBar.viewControllers.count) tabs, not \(selected + 1)")
                }
            }
        case (.pages(let pages), let pageController as PageViewController):
            restorePages(pages, into: pageController)
        case (.plain(let children), _):
            let current = (controller as? SplitViewController)?.viewControllers ?? controller.children
            for (saved, child) in zip(children, current) where NavigationState.className(of: child) == saved.className {
                restore(saved, into: child)
            }
        default:
            break
        }
        if let presented = node.presented {
            restorePresented(presented, from: controller)
        }
    }

    private mutating func restoreStack(_ stack: [NavigationState.Node], into navigation: NavigationController) {
        for (index, saved) in stack.enumerated() {
            if index < navigation.viewControllers.count {
                let existing = navigation.viewControllers[index]
                let name = NavigationState.className(of: existing)
                guard name == saved.className else {
                    for node in stack[index...] { drop(node, because: "the new app's stack has \(name) there") }
                    return
                }
                restore(saved, into: existing)
                continue
            }
            guard let made = make(saved) else {
                for node in stack[(index + 1)...] { drop(node, because: "it was above \(saved.className)") }
                return
            }
            do {
                try navigation.push(made, animated: false)
            } catch {
                drop(saved, because: error.message)
                return
            }
            restoreContents(saved, into: made)
        }
    }

    private mutating func restorePages(_ pages: [NavigationState.Node], into pageController: PageViewController) {
        let current = pageController.viewControllers
        let sameClasses = current.count == pages.count
            && zip(pages, current).allSatisfy { NavigationState.className(of: $1) == $0.className }
        // Pages that saved nothing cannot be told apart from the new app's first pages:
        // those stay, and get what the old pages held when they are of the same classes.
        guard pages.contains(where: { $0.state != nil }) else {
            if sameClasses {
                for (page, controller) in zip(pages, current) { restore(page, into: controller) }
            }
            return
        }
        var made: [ViewController] = []
        for page in pages {
            guard let controller = makeBare(page) else { return }
            made.append(controller)
        }
        do {
            try pageController.setViewControllers(made, direction: .forward, animated: false)
        } catch {
            for page in pages { drop(page, because: error.message) }
            return
        }
        for (page, controller) in zip(pages, made) { restoreContents(page, into: controller) }
    }

    private mutating func restorePresented(_ node: NavigationState.Node, from presenter: ViewController) {
        if node.className == "ui.AlertController", !(presenter.presentedViewController is AlertController) {
            // Its actions' handlers are the old code's: the new app asks again if it must.
            drop(node, because: "an alert is not kept across a reload")
            return
        }
        if let existing = presenter.presentedViewController {
            let name = NavigationState.className(of: existing)
            if name == node.className {
                restore(node, into: existing)
            } else {
                drop(node, because: "the new app presents \(name) there")
            }
            return
        }
        guard let made = make(node) else { return }
        do {
            try presenter.present(made, animated: false)
        } catch {
            drop(node, because: error.message)
            return
        }
        restoreContents(node, into: made)
    }

    /// What ``restore(_:into:)`` does for a controller just made: ``make(_:)`` decoded it.
    private mutating func restoreContents(_ node: NavigationState.Node, into controller: ViewController) {
        var contents = node
        contents.state = nil
        restore(contents, into: controller)
    }

    // MARK: - Making controllers

    /// A new controller for `node`: a container is made with its first controllers (a
    /// stack's root, every tab) so that it can exist; the rest is restored into it.
    private mutating func make(_ node: NavigationState.Node) -> ViewController? {
        switch node.content {
        case .navigation(let stack):
            guard let first = stack.first, let root = make(first) else {
                drop(node, because: "its root controller could not be made")
                return nil
            }
            guard let navigation = construct(node, argument: luaValue(root)) as? NavigationController else { return nil }
            restoreContents(first, into: root)
            decode(node, into: navigation)
            return navigation
        case .tabs(let tabs, _):
            var made: [(NavigationState.Node, ViewController)] = []
            for tab in tabs {
                if let controller = make(tab) { made.append((tab, controller)) }
            }
            guard !made.isEmpty else {
                drop(node, because: "none of its tabs could be made")
                return nil
            }
            let list = host.lua.newTable()
            for (index, (_, controller)) in made.enumerated() { list.set(index + 1, controller) }
            guard let tabBar = construct(node, argument: .table(list)) as? TabBarController else { return nil }
            for (tab, controller) in made { restoreContents(tab, into: controller) }
            decode(node, into: tabBar)
            return tabBar
        default:
            return makeBare(node)
        }
    }

    /// A new controller of the node's class, made with `Class:new()` (or the class's
    /// `newForRestoration(coder)`), its saved state decoded; nothing restored inside yet.
    private mutating func makeBare(_ node: NavigationState.Node) -> ViewController? {
        guard let controller = construct(node, argument: nil) else { return nil }
        decode(node, into: controller)
        return controller
    }

    private mutating func construct(_ node: NavigationState.Node, argument: LuaValue?) -> ViewController? {
        guard let cls = host.luaClass(named: node.className) else {
            drop(node, because: "no such class")
            return nil
        }
        let coder = node.state?.luaValue(in: host.lua) ?? .nil
        let made: LuaValue
        do {
            made = try ScriptHost.reloadChunk.function("make", in: host.lua).call(
                LuaValue.table(cls), coder, argument ?? .nil, returning: LuaValue.self)
        } catch {
            host.lua.report(error, in: "making \(node.className) to restore it")
            drop(node, because: "making it failed: \(error.message.split(separator: "\n").first ?? "")")
            return nil
        }
        if made.isNil {
            drop(node, because: "\(node.className).newForRestoration returned nil")
            return nil
        }
        guard case .userdata(let userdata) = made, let controller = userdata.object(as: ViewController.self) else {
            drop(node, because: "making it gave a \(made.type), not a controller")
            return nil
        }
        return controller
    }

    /// The controller as a Lua value of the host's state.
    private func luaValue(_ controller: ViewController) -> LuaValue {
        let holder = host.lua.newTable()
        holder.set(1, controller)
        return holder[1]
    }

    /// Calls `decodeRestorableState(coder)` with what the old controller saved.
    private mutating func decode(_ node: NavigationState.Node, into controller: ViewController) {
        guard let state = node.state, let peer = controller.luaPeer,
            peer.overrides("decodeRestorableState")
        else { return }
        let result = peer.callOverride("decodeRestorableState", on: controller, state.luaValue(in: host.lua))
        if case .failed(let error) = result {
            notes.append("\(node.className): decodeRestorableState failed: \(error.message.split(separator: "\n").first ?? "")")
        }
    }
}
