import ScreenKit
import ScreenRender

/// The terminal figures: the bytes written when one label changes on a full iPhone screen
/// against the bytes of that label's cells, and the time of a full redraw of an iPad screen
/// (render, frame, bytes) against the render alone: without colour, and in colour (24-bit
/// and 256, rows of coloured backgrounds) against the same plain render.
///
/// `screens-bench terminal` runs them all.
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
    for depth in [TerminalColorDepth.trueColor, .indexed256] {
        let name = "terminal: full redraw of an iPad screen, \(depth) (vs the render)"
        if all || bench.wants(name) {
            bench.report(try redrawFigure(name, bench, colors: depth))
        }
    }
}

/// A window filled with rows of labels and buttons, as a settings or detail screen is; the
/// label on the row `changing` is returned to be changed.
private func fullScreen(_ device: Window.Device, changing: Int, colored: Bool = false) throws -> (Window, Label) {
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
        if colored {
            // A settings screen's bands, and a value in a colour of its own.
            if row % 2 == 0 { name.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.97) }
            value.backgroundColor = [Color(hex: "#d9ead3"), Color(hex: "#fce8b2"), Color(hex: "#f4c7c3")][row % 3]
        }
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

/// A full redraw — render, frame, bytes — against the plain render alone, of a full iPad
/// screen; with `colors`, of a screen with coloured rows, rendered with colours and written
/// for that depth.
private func redrawFigure(_ name: String, _ bench: Benchmark, colors: TerminalColorDepth = .monochrome) throws -> Figure {
    let (window, _) = try fullScreen(.ipad, changing: -1, colored: colors.showsColor)
    let plain = TextRenderer()
    let renderer = TextRenderer(colors: colors.showsColor)
    var written = 0
    var rendered = 0
    let (ours, baseline) = bench.compare(
        operations: 200,
        ours: { n in
            bench.time {
                var writer = TerminalWriter(colors: colors)
                for _ in 0..<n {
                    writer.invalidate()
                    written += writer.frame(terminalFrame(renderer.renderScreen(window))).count
                }
            }
        },
        baseline: { n in bench.time { for _ in 0..<n { rendered += plain.renderScreen(window).rows } } })
    precondition(written > 0 && rendered > 0)
    // Colour costs the colour layer, a style per cell and its SGR where it changes.
    return Figure(name: name, ours: ours, baseline: baseline, target: colors.showsColor ? 1.5 : 1.3)
}
