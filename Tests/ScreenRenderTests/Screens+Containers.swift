import ScreenKit

/// Screens of container controllers: their bars and panes, as both renderers draw them.
extension Screens {
    /// A controller whose view shows `lines` as labels, one per row from the top.
    final class Lines: ViewController {
        let lines: [String]

        init(_ title: String, _ lines: [String]) {
            self.lines = lines
            super.init()
            self.title = title
        }

        override func viewDidLoad() {
            for (index, line) in lines.enumerated() {
                try? view.addSubview(label(line, Rect(x: 8, y: 8 + Double(index) * 16, width: 304, height: 16)))
            }
        }
    }

    /// Three tabs on an iPhone: the first a navigation stack two deep, the third with a
    /// badge; the first is selected.
    static func tabs() throws -> Window {
        let window = Window(device: .iphone)
        let contacts = try NavigationController(root: Lines("Groups", ["All contacts"]))
        try contacts.push(Lines("Contacts", ["Ada Lovelace", "Alan Turing", "Grace Hopper"]), animated: false)
        contacts.tabBarItem.title = "Contacts"
        let recent = Lines("Recent", ["Yesterday"])
        let voicemail = Lines("Voicemail", ["3 new messages"])
        voicemail.tabBarItem.badgeValue = "3"
        window.rootViewController = try TabBarController(viewControllers: [contacts, recent, voicemail])
        window.makeKeyAndVisible()
        return window
    }

    /// A split view on an iPad in landscape: a list beside an entry, a divider between.
    static func split() throws -> Window {
        let window = Window(device: .ipad, orientation: .landscape)
        let master = try NavigationController(root: Lines("Entries", ["Monday", "Tuesday", "Wednesday"]))
        let detail = try NavigationController(root: Lines("Tuesday", ["A walk by the river."]))
        detail.isToolbarHidden = false
        detail.topViewController?.toolbarItems = [BarButtonItem(title: "Edit"), BarButtonItem(title: "Share")]
        window.rootViewController = try SplitViewController(master: master, detail: detail)
        window.makeKeyAndVisible()
        return window
    }

    /// Puts the split view's button first in the detail's toolbar when the master hides, and
    /// takes it out again when the master shows.
    final class ToolbarButtonKeeper: SplitViewControllerDelegate {
        let detail: ViewController
        init(detail: ViewController) { self.detail = detail }

        func splitViewController(
            _ split: SplitViewController, willHide master: ViewController, with barButtonItem: BarButtonItem,
            for popover: Popover
        ) {
            detail.toolbarItems.insert(barButtonItem, at: 0)
        }

        func splitViewController(
            _ split: SplitViewController, willShow master: ViewController, invalidating barButtonItem: BarButtonItem
        ) {
            detail.toolbarItems.removeAll { $0 === barButtonItem }
        }
    }

    /// The same split view in portrait, the master shown in its popover by the button the
    /// delegate put in the detail's toolbar.
    static func splitPopover() throws -> (Window, ToolbarButtonKeeper) {
        let window = Window(device: .ipad, orientation: .portrait)
        let master = try NavigationController(root: Lines("Entries", ["Monday", "Tuesday", "Wednesday"]))
        let entry = Lines("Tuesday", ["A walk by the river."])
        entry.toolbarItems = [BarButtonItem(title: "Edit")]
        let detail = try NavigationController(root: entry)
        detail.isToolbarHidden = false
        let split = try SplitViewController(master: master, detail: detail)
        let keeper = ToolbarButtonKeeper(detail: entry)
        split.delegate = keeper
        window.rootViewController = split
        window.makeKeyAndVisible()
        split.barButtonItem?.tap()
        return (window, keeper)
    }

    /// A navigation controller two deep on an iPhone, with a prompt, a right button and a
    /// toolbar.
    static func navigation() throws -> Window {
        let window = Window(device: .iphone)
        let inbox = Lines("Inbox", ["Welcome"])
        let message = Lines("Message", ["From: Ada", "Subject: Engines", "", "The engine weaves patterns."])
        message.navigationItem.prompt = "Unread"
        message.navigationItem.rightButton = BarButtonItem(title: "Reply")
        message.toolbarItems = [BarButtonItem(title: "Delete"), BarButtonItem(title: "Move")]
        let navigation = try NavigationController(root: inbox)
        try navigation.push(message, animated: false)
        navigation.isToolbarHidden = false
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        return window
    }
}
