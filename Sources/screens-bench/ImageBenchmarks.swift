import ImageShim
import ScreenKit
import ScreenRender
import ScreenScript

/// The image figure: a 1024×768 photo decoded and drawn into a 40×30-cell terminal frame
/// in colour (half blocks, every pixel averaged into one), against decoding it alone. The
/// scaling and the colours must not dominate: target 3×.
///
/// `screens-bench image` runs it.
func runImageBenchmarks(_ bench: inout Benchmark) throws {
    let name = "image: 1024×768 JPEG decoded and drawn in 40×30 cells (vs decoding it)"
    guard bench.wants("image") || bench.wants(name) else { return }
    let file = photo(width: 1024, height: 768)
    let window = Window(device: .iphone)
    let view = ImageView(frame: window.bounds)
    try window.addSubview(view)
    let renderer = TextRenderer(colors: true)
    var written = 0
    var decoded = 0
    let (ours, baseline) = bench.compare(
        operations: 40,
        ours: { n in
            bench.time {
                var writer = TerminalWriter(colors: .trueColor)
                for _ in 0..<n {
                    view.image = try? ImageDecoder.decode(file, name: "photo.jpg")
                    let screen = renderer.renderScreen(window)
                    var frame = TerminalFrame(width: screen.columns, height: screen.rows)
                    frame.draw(screen, atColumn: 0, row: 0)
                    writer.invalidate()
                    written += writer.frame(frame).count
                }
            }
        },
        baseline: { n in
            bench.time {
                for _ in 0..<n { decoded += (try? ImageDecoder.decode(file, name: "photo.jpg"))?.pixelWidth ?? 0 }
            }
        })
    precondition(written > 0 && decoded > 0 && view.image != nil)
    bench.report(Figure(name: name, ours: ours, baseline: baseline, target: 3))
}

/// A JPEG of `width × height` that decodes as a photo does: smooth light and shade with
/// fine grain, at quality 85, as libjpeg writes it.
private func photo(width: Int, height: Int) -> [UInt8] {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    var grain: UInt32 = 2_463_534_242
    for y in 0..<height {
        for x in 0..<width {
            grain ^= grain << 13
            grain ^= grain >> 17
            grain ^= grain << 5
            let noise = Int(grain & 15) - 8
            let index = (y * width + x) * 4
            let sky = y * 255 / height, sun = max(0, 255 - ((x - width * 2 / 3) * (x - width * 2 / 3) + (y - height / 3) * (y - height / 3)) / 300)
            pixels[index] = UInt8(clamping: 40 + sun * 3 / 4 + noise)
            pixels[index + 1] = UInt8(clamping: 90 + sky / 2 + noise)
            pixels[index + 2] = UInt8(clamping: 200 - sky / 2 + noise)
        }
    }
    var out = ish_bytes()
    let result = pixels.withUnsafeBufferPointer {
        ish_encode_jpeg($0.baseAddress, UInt32(width), UInt32(height), 85, 0, 0, &out)
    }
    precondition(result == ISH_OK, "the benchmark's photo could not be written")
    defer { ish_free_bytes(&out) }
    return Array(UnsafeBufferPointer(start: out.bytes, count: out.length))
}
