/// A master and a detail controller side by side, as `UISplitViewController`.
open class SplitViewController: ViewController {
}
