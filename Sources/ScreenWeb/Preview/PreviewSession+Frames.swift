import ScreenHost
import ScreenKit
import ScreenRender

// MARK: - Frames

extension PreviewSession {
    /// Draws at the next frame, at most one per ``frameInterval``; several requests before it
    /// make one frame. Nothing is drawn while no tab watches. A frame that may go now is
    /// drawn once the step's current work is done (a deferred call: the touches a tab sent
    /// together make one frame), the others when their time comes.
    func requestFrame() {
        guard !frameRequested, !clients.isEmpty else { return }
        frameRequested = true
        let delay = lastFrameTime + Self.frameInterval - loop.now
        let draw: () -> Void = { [weak self] in
            guard let self, frameRequested else { return }
            ownCalls += 1
            frameRequested = false
            frameTimer = nil
            drawFrame()
        }
        if delay <= 0 {
            loop.defer(draw)
        } else {
            frameTimer = loop.after(delay) { _ in draw() }
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
