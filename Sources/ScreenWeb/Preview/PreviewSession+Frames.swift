import ScreenHost
import ScreenKit
import ScreenRender

// MARK: - Frames

extension PreviewSession {
    /// Draws at the next frame, at most one per ``frameInterval``; several requests before it
    /// make one frame. Nothing is drawn while no tab watches.
    func requestFrame() {
        guard frameTimer == nil, !clients.isEmpty else { return }
        let delay = max(0, lastFrameTime + Self.frameInterval - loop.now)
        frameTimer = loop.after(delay) { [weak self] _ in
            guard let self else { return }
            ownCalls += 1
            frameTimer = nil
            drawFrame()
        }
    }

    /// Renders the key window and sends the tabs what changed since the last frame: the
    /// lines of the SVG, the focus, the controller tree, the status (nothing when nothing did).
    func drawFrame() {
        lastFrameTime = loop.now
        let window = host.keyWindow
        let svg = window.map { SVGRenderer().render($0) } ?? ""
        let focus = window.flatMap(Self.focusRectangle)
        switch frames.update(to: svg) {
        case .whole(let svg):
            broadcast(PreviewMessage.Frame(seq: frames.sequence, svg: svg, focus: focus))
        case .patch(let hunks):
            broadcast(PreviewMessage.Patch(seq: frames.sequence, base: frames.sequence - 1, hunks: hunks, focus: focus))
        case nil:
            if focus != lastFocus { broadcast(PreviewMessage.Focus(focus: focus)) }
        }
        lastFocus = focus
        let tree = window?.rootViewController.map(ControllerTree.lines(of:)) ?? []
        if tree != lastTree {
            lastTree = tree
            broadcast(PreviewMessage.Tree(lines: tree))
        }
        broadcastStatus()
    }

    /// The focused view's rectangle in window points, `[x, y, width, height]`, which the
    /// page outlines as the terminal highlights it.
    static func focusRectangle(in window: Window) -> [Double]? {
        guard let view = window.focusedView else { return nil }
        let rect = view.convert(view.bounds, to: nil).standardized
        let values = [rect.minX, rect.minY, rect.width, rect.height]
        return values.allSatisfy(\.isFinite) ? values : nil
    }
}
