import EventLoop
@testable import ScreenKit

/// Collects the callbacks of several controllers, in order.
final class CallbackLog {
    var entries: [String] = []
    /// Objects the test needs alive (windows, delegates) but does not name.
    var retained: [AnyObject] = []

    /// The entries since the last call, clearing them.
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}

/// A controller that logs every life-cycle and containment callback as "Name.callback".
class LoggingController: ViewController {
    let name: String
    let log: CallbackLog

    init(_ name: String, log: CallbackLog) {
        self.name = name
        self.log = log
        super.init()
    }

    override var className: String { name }

    override func viewDidLoad() { log.entries.append("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.entries.append("\(name).viewWillAppear(\(animated))") }
    override func viewDidAppear(_ animated: Bool) { log.entries.append("\(name).viewDidAppear(\(animated))") }
    override func viewWillDisappear(_ animated: Bool) { log.entries.append("\(name).viewWillDisappear(\(animated))") }
    override func viewDidDisappear(_ animated: Bool) { log.entries.append("\(name).viewDidDisappear(\(animated))") }
    override func willMove(toParent parent: ViewController?) {
        log.entries.append("\(name).willMove(\(parent.map { "\($0)" } ?? "nil"))")
    }
    override func didMove(toParent parent: ViewController?) {
        log.entries.append("\(name).didMove(\(parent.map { "\($0)" } ?? "nil"))")
    }
    override func didReceiveMemoryWarning() { log.entries.append("\(name).didReceiveMemoryWarning") }
    override func viewWillTransition(to size: Size) { log.entries.append("\(name).viewWillTransition(\(size))") }
    override func prepare(for segue: Segue, sender: Any?) {
        log.entries.append("\(name).prepare(\(segue.identifier ?? "-"), \(segue.destination))")
    }
}

/// A visible iPhone window on a virtual clock.
func makeWindow(orientation: Window.Orientation = .portrait) -> (Window, EventLoop) {
    let loop = EventLoop(clock: .virtual)
    let window = Window(device: .iphone, orientation: orientation, loop: loop)
    window.makeKeyAndVisible()
    return (window, loop)
}
