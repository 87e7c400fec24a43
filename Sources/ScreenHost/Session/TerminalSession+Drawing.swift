import ScreenKit
import ScreenRender

// MARK: - Drawing

extension TerminalSession {
    /// Draws at the next frame, at most one per ``frameInterval``; several requests before it
    /// make one frame.
    func requestFrame() {
        guard frameTimer == nil else { return }
        let delay = max(0, lastFrameTime + Self.frameInterval - loop.now)
        frameTimer = loop.after(delay) { [weak self] _ in
            guard let self else { return }
            ownCalls += 1
            frameTimer = nil
            draw()
        }
    }

    /// Renders the window and writes what changed since the last frame (nothing when nothing
    /// did).
    func draw() {
        lastFrameTime = loop.now
        let size = terminal.size ?? (80, 24)
        let frame = composeFrame(columns: size.columns, rows: size.rows)
        write(writer.frame(frame))
    }

    /// The whole terminal as it should look now.
    func composeFrame(columns: Int, rows: Int) -> TerminalFrame {
        var frame = TerminalFrame(width: columns, height: rows)
        guard let window = host.keyWindow else {
            lastScreen = nil
            placement = nil
            frame.draw(status.text(width: columns), column: 0, row: rows - 1, style: .reverse)
            return frame
        }
        let screen = TextRenderer().renderScreen(window)
        let placement = ScreenPlacement(
            terminalColumns: columns, terminalRows: rows, screenColumns: screen.columns, screenRows: screen.rows)
        lastScreen = screen
        self.placement = placement
        status.orientation = window.orientation
        guard let origin = placement.origin else {
            touchInProgress = nil
            let message = placement.tooSmallMessage
            let top = max(0, (rows - message.count) / 2)
            for (index, line) in message.enumerated() {
                frame.draw(line, column: max(0, (columns - line.count) / 2), row: top + index)
            }
            return frame
        }
        frame.draw(screen, atColumn: origin.column, row: origin.row)
        if let focused = window.focusedView {
            Self.highlight(focused, in: screen, on: &frame, at: origin)
        }
        frame.draw(status.text(width: columns), column: 0, row: placement.statusRow, style: .reverse)
        panelRoom = (columns, rows - ScreenPlacement.statusRows)
        if let box = panel.layout(columns: columns, rows: rows - ScreenPlacement.statusRows) {
            let style = TerminalStyle(bold: true, foreground: .brightWhite, background: .red)
            for (index, line) in box.lines.enumerated() {
                frame.draw(line, column: box.column, row: box.row + index, style: style)
            }
        }
        return frame
    }

    /// Draws in reverse video the cells that `view` or its subviews drew.
    static func highlight(_ view: View, in screen: TextScreen, on frame: inout TerminalFrame, at origin: (column: Int, row: Int)) {
        for row in 0..<screen.rows {
            for column in 0..<screen.columns {
                guard let drawer = screen.view(atColumn: column, row: row), drawer.isDescendant(of: view) else { continue }
                var cell = frame[origin.column + column, origin.row + row]
                guard !cell.text.isEmpty else { continue }
                cell.style.reverse = true
                frame[origin.column + column, origin.row + row] = cell
            }
        }
    }
}
