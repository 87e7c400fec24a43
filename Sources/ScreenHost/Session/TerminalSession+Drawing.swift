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
        let screen = TextRenderer(colors: colors.showsColor).renderScreen(window)
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
            Self.draw(box, on: &frame, colored: colors.showsColor)
        }
        return frame
    }

    /// Marks the cells that `view` or its subviews drew: in reverse video, or on a frame in
    /// colour (a rendering with colours) white on iOS's tint, which shows whatever colours
    /// the view has.
    static func highlight(_ view: View, in screen: TextScreen, on frame: inout TerminalFrame, at origin: (column: Int, row: Int)) {
        for row in 0..<screen.rows {
            for column in 0..<screen.columns {
                guard let drawer = screen.view(atColumn: column, row: row), drawer.isDescendant(of: view) else { continue }
                var cell = frame[origin.column + column, origin.row + row]
                guard !cell.text.isEmpty else { continue }
                if screen.hasColors {
                    cell.style = focusStyle
                } else {
                    cell.style.reverse = true
                }
                frame[origin.column + column, origin.row + row] = cell
            }
        }
    }

    static let focusStyle = TerminalStyle(foreground: TerminalColor(rgb: 0xFFFFFF), background: TerminalColor(rgb: 0x007AFF))

    /// Draws the error panel: in colour, black text on white in a red frame under a title
    /// white on red, as iOS shows an error; in monochrome, in reverse video with the title
    /// bold.
    static func draw(_ box: (column: Int, row: Int, lines: [String]), on frame: inout TerminalFrame, colored: Bool) {
        let red = TerminalColor(rgb: 0xFF3B30), white = TerminalColor(rgb: 0xFFFFFF)
        let body = colored ? TerminalStyle(foreground: TerminalColor(rgb: 0x000000), background: white) : .reverse
        let edge = colored ? TerminalStyle(foreground: red, background: white) : .reverse
        let title = colored ? TerminalStyle(bold: true, foreground: white, background: red) : TerminalStyle(bold: true, reverse: true)
        for (index, line) in box.lines.enumerated() {
            let row = box.row + index
            let inside = index > 0 && index < box.lines.count - 1
            let end = frame.draw(line, column: box.column, row: row, style: inside ? body : edge)
            if inside {
                frame.draw(String(line.prefix(1)), column: box.column, row: row, style: edge)
                frame.draw(String(line.suffix(1)), column: end - 1, row: row, style: edge)
            } else if index == 0 {
                // The title, between the corner's "┌─" and the rule after it.
                frame.draw(String(line.dropFirst(2).prefix { $0 != "─" }), column: box.column + 2, row: row, style: title)
            }
        }
    }
}
