/// Controllers side by side behind a tab bar, as `UITabBarController`.
open class TabBarController: ViewController {
}
