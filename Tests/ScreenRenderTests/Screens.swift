import ScreenKit

/// The windows the renderer tests draw, built the way a script would build them.
enum Screens {
    static func label(
        _ text: String, _ frame: Rect, lines: Int = 1, mode: LineBreakMode = .truncateTail,
        alignment: Label.Alignment = .left
    ) -> Label {
        let label = Label(frame: frame)
        label.text = text
        label.lines = lines
        label.lineBreakMode = mode
        label.alignment = alignment
        return label
    }

    static func button(_ title: String, _ frame: Rect) -> Button {
        let button = Button(frame: frame)
        button.setTitle(title, for: .normal)
        return button
    }

    /// Every control, labels with truncation and wrapping, and a bordered view.
    static func controls() throws -> Window {
        let window = Window(device: .iphone)
        try window.addSubview(label("Controls", Rect(x: 0, y: 0, width: 320, height: 16), alignment: .center))
        try window.addSubview(label("A label that is much too long to fit", Rect(x: 8, y: 16, width: 160, height: 16)))
        try window.addSubview(label(
            "Words wrap onto the lines below when needed", Rect(x: 8, y: 32, width: 120, height: 48),
            lines: 0, mode: .wordWrap))

        let box = View(frame: Rect(x: 176, y: 32, width: 128, height: 48))
        box.borderWidth = 1
        try box.addSubview(label("Inside", Rect(x: 8, y: 16, width: 112, height: 16), alignment: .center))
        try window.addSubview(box)

        try window.addSubview(button("Save", Rect(x: 8, y: 96, width: 96, height: 32)))
        let pressed = button("Cancel", Rect(x: 112, y: 96, width: 96, height: 32))
        pressed.isHighlighted = true
        try window.addSubview(pressed)
        try window.addSubview(button("Delete everything", Rect(x: 216, y: 96, width: 96, height: 32)))

        let on = Switch(frame: Rect(x: 8, y: 144, width: 51, height: 31))
        on.isOn = true
        try window.addSubview(on)
        try window.addSubview(Switch(frame: Rect(x: 72, y: 144, width: 51, height: 31)))
        let slider = Slider(frame: Rect(x: 136, y: 144, width: 176, height: 32))
        slider.value = 0.25
        try window.addSubview(slider)

        let segments = SegmentedControl(segments: ["One", "Two", "Three"], frame: Rect(x: 8, y: 192, width: 304, height: 32))
        segments.selectedSegmentIndex = 1
        try window.addSubview(segments)

        let stepper = Stepper(frame: Rect(x: 8, y: 240, width: 96, height: 32))
        stepper.value = 3
        try window.addSubview(stepper)
        let pages = PageControl(frame: Rect(x: 112, y: 240, width: 96, height: 32))
        pages.numberOfPages = 5
        pages.currentPage = 2
        try window.addSubview(pages)

        let editing = TextField(frame: Rect(x: 8, y: 288, width: 200, height: 32))
        try window.addSubview(editing)
        editing.beginEditing()
        editing.insertText("Hello")
        let empty = TextField(frame: Rect(x: 8, y: 336, width: 200, height: 32))
        empty.placeholder = "Name"
        try window.addSubview(empty)

        try window.addSubview(label("right", Rect(x: 8, y: 384, width: 304, height: 16), alignment: .right))
        try window.addSubview(label("漢字 are two cells", Rect(x: 8, y: 400, width: 304, height: 16), alignment: .center))
        try window.addSubview(label(
            "truncate the middle of this text", Rect(x: 8, y: 416, width: 160, height: 16), mode: .truncateMiddle))
        return window
    }

    /// A view that draws with a canvas: a box, lines in four directions, text, fills and a
    /// clip.
    final class Dial: View {
        override func draw(_ canvas: Canvas) {
            canvas.stroke(bounds, color: .black)
            let middle = Point(x: 120, y: 112)
            canvas.line(from: middle, to: Point(x: 120, y: 32), color: .black)
            canvas.line(from: middle, to: Point(x: 208, y: 112), color: .red, width: 2)
            canvas.line(from: middle, to: Point(x: 40, y: 192), color: .blue)
            canvas.line(from: middle, to: Point(x: 200, y: 192), color: .black)
            canvas.text("12", at: Point(x: 112, y: 16), color: .black)
            canvas.fill(Rect(x: 16, y: 208, width: 32, height: 16), color: .black)
            canvas.fill(Rect(x: 56, y: 208, width: 32, height: 16), color: .yellow)
            canvas.clip(to: Rect(x: 0, y: 0, width: 120, height: 240))
            canvas.text("clipped at the middle", at: Point(x: 56, y: 224), color: .darkGray)
        }
    }

    /// A view that draws a horizontal arrow, to be turned by its superview.
    final class Arrow: View {
        override func draw(_ canvas: Canvas) {
            canvas.line(from: Point(x: 0, y: bounds.midY), to: Point(x: bounds.maxX, y: bounds.midY), color: .black)
            canvas.text(">", at: Point(x: bounds.maxX - 8, y: bounds.midY - 8), color: .black)
        }
    }

    static func drawing() throws -> Window {
        let window = Window(device: .iphone)
        try window.addSubview(label("Custom drawing", Rect(x: 0, y: 0, width: 320, height: 16), alignment: .center))
        try window.addSubview(Dial(frame: Rect(x: 40, y: 32, width: 240, height: 240)))
        let dark = View(frame: Rect(x: 40, y: 304, width: 240, height: 48))
        dark.backgroundColor = Color(white: 0.2)
        try window.addSubview(dark)
        let note = label("on a dark background", Rect(x: 8, y: 16, width: 224, height: 16))
        note.textColor = .white
        try dark.addSubview(note)
        return window
    }

    /// Clipping, hiding, transparency, covering and transforms.
    static func clipping() throws -> Window {
        let window = Window(device: .iphone)
        window.backgroundColor = Color(white: 0.95)

        let clipper = View(frame: Rect(x: 16, y: 16, width: 128, height: 64))
        clipper.clipsToBounds = true
        clipper.borderWidth = 1
        try clipper.addSubview(label("cut off by the parent", Rect(x: 16, y: 24, width: 200, height: 16)))
        try window.addSubview(clipper)

        let open = View(frame: Rect(x: 176, y: 16, width: 128, height: 64))
        open.borderWidth = 1
        try open.addSubview(label("spills out", Rect(x: 64, y: 24, width: 96, height: 16)))
        try window.addSubview(open)

        let hidden = label("HIDDEN", Rect(x: 16, y: 96, width: 128, height: 16))
        hidden.isHidden = true
        try window.addSubview(hidden)
        let invisible = label("INVISIBLE", Rect(x: 16, y: 112, width: 128, height: 16))
        invisible.alpha = 0.01
        try window.addSubview(invisible)
        let faint = label("faint but shown", Rect(x: 16, y: 128, width: 128, height: 16))
        faint.alpha = 0.5
        try window.addSubview(faint)

        try window.addSubview(label("behind behind behind", Rect(x: 176, y: 96, width: 160, height: 16)))
        let cover = View(frame: Rect(x: 232, y: 96, width: 48, height: 16))
        cover.backgroundColor = .orange
        try window.addSubview(cover)

        // A quarter turn: 160×64 bounds stand up as 64×160, with their content turned.
        let turned = View(frame: Rect(x: 32, y: 176, width: 160, height: 64))
        turned.transform = AffineTransform(rotationAngle: .pi / 2)
        turned.borderWidth = 1
        turned.backgroundColor = Color(red: 0.8, green: 0.9, blue: 1)
        let arrow = Arrow(frame: Rect(x: 16, y: 16, width: 128, height: 32))
        try turned.addSubview(arrow)
        try window.addSubview(turned)

        // A scaled parent with a nested, moved child: transforms compose.
        let scaled = View(frame: Rect(x: 192, y: 208, width: 64, height: 48))
        scaled.transform = AffineTransform(scaleX: 2, y: 2)
        scaled.borderWidth = 1
        let inner = View(frame: Rect(x: 8, y: 8, width: 24, height: 16))
        inner.backgroundColor = .yellow
        inner.borderWidth = 1
        try scaled.addSubview(inner)
        try window.addSubview(scaled)

        let tilted = label("tilted", Rect(x: 192, y: 360, width: 64, height: 16))
        tilted.transform = AffineTransform(rotationAngle: .pi / 8)
        try window.addSubview(tilted)
        return window
    }
}
