import ScreenHost
import ScreenKit
import ScreenRender
import ScreenScript

// MARK: - Input

extension PreviewSession {
    /// Acts on one message from a tab; a message that is not one the page sends gets a
    /// notice back saying what is wrong with it, and nothing else happens.
    func receive(_ text: String, from client: Int) {
        let message: BrowserMessage
        do {
            message = try BrowserMessage(json: text)
        } catch {
            send(PreviewMessage.Notice(text: error.description), to: client)
            return
        }
        switch message {
        case .resync:
            sendWholeFrame(to: client)
        case .reload:
            hotReload.reload()
        case .device(let device):
            guard device != host.keyWindow?.device else { return }
            hotReload.reload(device: device)
        case .rotate:
            guard let window = host.keyWindow else { return }
            apply(.rotate(window.orientation == .portrait ? .landscape : .portrait))
        case .memoryWarning:
            apply(.memoryWarning)
        case .touch(let phase, let point, let id):
            track(phase, point, finger: id, of: client)
            apply(.touch(phase, point, id: id))
        case .scroll(let point, let dy):
            apply(.scroll(point, dy: dy))
        case .key(let key, let modifiers):
            guard let window = host.keyWindow, let input = BrowserKey.terminalInput(key, modifiers) else { return }
            switch input {
            case .key(let key, _):
                if let input = KeyMapping.input(for: key, in: window) { apply(input) }
            case .text(let text):
                for input in KeyMapping.inputs(forText: text, in: window) { apply(input) }
            default:
                break
            }
        case .paste(let text):
            apply(.text(text))
        }
    }

    /// Sends one input to the key window, as the terminal's and a replay's go.
    func apply(_ input: InputRecording.Input) {
        guard let window = host.keyWindow else { return }
        window.layoutIfNeeded()
        InputPlayer.apply(input, to: window)
        requestFrame()
    }

    private func track(_ phase: TouchPhase, _ point: Point, finger: Int, of client: Int) {
        switch phase {
        case .began, .moved: touches[client, default: [:]][finger] = point
        case .ended, .cancelled: touches[client]?[finger] = nil
        }
    }

    /// A tab that went away lifts its fingers: each touch it left down is cancelled.
    func cancelTouches(of client: Int) {
        guard let fingers = touches.removeValue(forKey: client) else { return }
        for (finger, point) in fingers.sorted(by: { $0.key < $1.key }) {
            apply(.touch(.cancelled, point, id: finger))
        }
    }
}
