import ScreenKit
import ScreenRender
import ScreenScript

// MARK: - Input

extension TerminalSession {
    /// Handles decoded terminal input in order.
    func handle(_ inputs: [TerminalInput]) {
        for input in inputs {
            guard !loop.isQuitRequested else { return }
            handle(input)
        }
    }

    func handle(_ input: TerminalInput) {
        switch input {
        case .key(let key, _):
            handleKey(key)
        case .text(let text):
            handleText(text)
        case .paste(let text):
            guard !panel.isShown, host.keyWindow != nil else { return }
            send(.text(text))
        case .mouse(let mouse):
            if panel.isShown {
                if mouse.kind == .wheelUp || mouse.kind == .wheelDown { scrollPanel(by: mouse.kind == .wheelDown ? 3 : -3) }
                return
            }
            handleMouse(mouse)
        }
    }

    /// Whether typed text goes to a text field: one is being edited, or has the focus.
    var isTyping: Bool {
        host.keyWindow.map(KeyMapping.isTyping) ?? false
    }

    private func handleKey(_ key: TerminalKey) {
        switch key {
        case .control("c"):
            quit()
            return
        case .control("z"):
            suspend()
            return
        default: break
        }
        if panel.isShown {
            let page = panel.page(rows: panelRoom.rows)
            switch key {
            case .escape: if panel.dismiss() { requestFrame() }
            case .up: scrollPanel(by: -1)
            case .down: scrollPanel(by: 1)
            case .pageUp: scrollPanel(by: -page)
            case .pageDown: scrollPanel(by: page)
            case .home: scrollPanel(by: Int.min / 2)
            case .end: scrollPanel(by: Int.max / 2)
            default: break
            }
            return
        }
        guard let window = host.keyWindow, let input = KeyMapping.input(for: key, in: window) else { return }
        send(input)
    }

    /// Scrolls the text of the error panel, drawn again when it moved.
    private func scrollPanel(by lines: Int) {
        if panel.scroll(by: lines, columns: panelRoom.columns, rows: panelRoom.rows) { requestFrame() }
    }

    private func handleText(_ text: String) {
        if !isTyping, !panel.isShown, text == "q" {
            quit()
            return
        }
        if panel.isShown {
            if text == "q" { quit() }
            return
        }
        guard let window = host.keyWindow else { return }
        for input in KeyMapping.inputs(forText: text, in: window) { send(input) }
    }

    private func handleMouse(_ mouse: TerminalMouse) {
        guard let placement, let screen = lastScreen else { return }
        switch mouse.kind {
        case .press where mouse.button == .left:
            guard let cell = placement.screenCell(column: mouse.column, row: mouse.row) else { return }
            if let touch = touchInProgress { send(.touch(.cancelled, touch.point, id: 0)) }
            let point = Self.touchPoint(in: screen, column: cell.column, row: cell.row)
            touchInProgress = (cell, point)
            send(.touch(.began, point, id: 0))
        case .drag:
            guard let touch = touchInProgress,
                let cell = placement.nearestScreenCell(column: mouse.column, row: mouse.row)
            else { return }
            guard cell != touch.cell else { return }
            let point = Self.cellCentre(column: cell.column, row: cell.row)
            touchInProgress = (cell, point)
            send(.touch(.moved, point, id: 0))
        case .release:
            guard let touch = touchInProgress else { return }
            touchInProgress = nil
            // A release in the cell the touch is in ends it where it was, so that a click on a
            // button is a tap inside it.
            let cell = placement.nearestScreenCell(column: mouse.column, row: mouse.row)
            let point = cell.map { $0 == touch.cell ? touch.point : Self.cellCentre(column: $0.column, row: $0.row) } ?? touch.point
            send(.touch(.ended, point, id: 0))
        case .wheelUp, .wheelDown:
            guard let cell = placement.screenCell(column: mouse.column, row: mouse.row) else { return }
            let point = Self.cellCentre(column: cell.column, row: cell.row)
            send(.scroll(point, dy: mouse.kind == .wheelDown ? Self.wheelStep : -Self.wheelStep))
        default:
            break
        }
    }

    /// Where a click on a window cell goes: the point of the view that drew the cell nearest
    /// the cell's centre, or the centre of a cell no view drew.
    public static func touchPoint(in screen: TextScreen, column: Int, row: Int) -> Point {
        screen.point(atColumn: column, row: row) ?? cellCentre(column: column, row: row)
    }

    /// The centre of a window cell, in window points (a cell is 8×16 points).
    public static func cellCentre(column: Int, row: Int) -> Point {
        Point(x: (Double(column) + 0.5) * 8, y: (Double(row) + 0.5) * 16)
    }
}
