import ScreenKit
import ScreenRender

/// The terminal figures: the bytes written when one label changes on a full iPhone screen
/// against the bytes of that label's cells, and the time of a full redraw of an iPad screen
/// (render, frame, bytes) against the render alone.
///
/// `screens-bench terminal` runs them both.
func runTerminalBenchmarks(_ bench: inout Benchmark) throws {
    let all = bench.wants("terminal")
    let label = "terminal: bytes for one changed label, iPhone (vs its cells)"
    if all || bench.wants(label) {
        bench.report(try labelChangeFigure(label))
    }
    let redraw = "terminal: full redraw of an iPad screen (vs the text render)"
    if all || bench.wants(redraw) {
        bench.report(try redrawFigure(redraw, bench))
    }
}

/// A window filled with rows of labels and buttons, as a settings or detail screen is; the
/// label on the row `changing` is returned to be changed.
private func fullScreen(_ device: Window.Device, changing: Int) throws -> (Window, Label) {
    let window = Window(device: device)
    let width = window.bounds.width
    let title = Label(frame: Rect(x: 0, y: 0, width: width, height: 32))
    title.text = "Inventory"
    title.alignment = .center
    try window.addSubview(title)
    var changed: Label?
    let rows = Int((window.bounds.height - 32) / 16)
    for row in 0..<rows {
        let y = 32 + Double(row) * 16
        let name = Label(frame: Rect(x: 8, y: y, width: width / 2 - 8, height: 16))
        name.text = "Shelf \(row + 1) · \(["apples", "pears", "plums", "figs", "dates"][row % 5])"
        let value = Label(frame: Rect(x: width / 2, y: y, width: width / 4, height: 16))
        value.text = "\(row * 37 % 500) kg"
        value.alignment = .right
        let button = Button(frame: Rect(x: width * 3 / 4, y: y, width: width / 4, height: 16))
        button.setTitle("Edit", for: .normal)
        try window.addSubview(name)
        try window.addSubview(value)
        try window.addSubview(button)
        if row == changing { changed = value }
    }
    return (window, changed ?? title)
}

private func terminalFrame(_ screen: TextScreen) -> TerminalFrame {
    var frame = TerminalFrame(width: screen.columns, height: screen.rows)
    frame.draw(screen, atColumn: 0, row: 0)
    return frame
}

/// The bytes written after the label's text changes against the UTF-8 bytes of the cells
/// the label covers.
private func labelChangeFigure(_ name: String) throws -> Figure {
    let (window, label) = try fullScreen(.iphone, changing: 12)
    let renderer = TextRenderer()
    var writer = TerminalWriter()
    _ = writer.frame(terminalFrame(renderer.renderScreen(window)))
    label.text = "1,024 kg"
    let screen = renderer.renderScreen(window)
    let frame = terminalFrame(screen)
    let written = writer.frame(frame)
    var labelBytes = 0
    for row in 0..<screen.rows {
        for column in 0..<screen.columns where screen.view(atColumn: column, row: row) === label {
            labelBytes += frame[column, row].text.utf8.count
        }
    }
    precondition(labelBytes > 0 && !written.isEmpty)
    return Figure(name: name, ours: Double(written.count), baseline: Double(labelBytes), unit: "bytes", target: 3)
}

/// A full redraw — render, frame, bytes — against the render alone, of a full iPad screen.
private func redrawFigure(_ name: String, _ bench: Benchmark) throws -> Figure {
    let (window, _) = try fullScreen(.ipad, changing: -1)
    let renderer = TextRenderer()
    var written = 0
    var rendered = 0
    let (ours, baseline) = bench.compare(
        operations: 200,
        ours: { n in
            bench.time {
                var writer = TerminalWriter()
                for _ in 0..<n {
                    writer.invalidate()
                    written += writer.frame(terminalFrame(renderer.renderScreen(window))).count
                }
            }
        },
        baseline: { n in bench.time { for _ in 0..<n { rendered += renderer.renderScreen(window).rows } } })
    precondition(written > 0 && rendered > 0)
    return Figure(name: name, ours: ours, baseline: baseline, target: 1.3)
}
