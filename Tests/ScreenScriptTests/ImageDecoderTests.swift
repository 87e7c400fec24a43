import ScreenKit
import Testing
@testable import ScreenScript

/// `ImageDecoder`: PNG and JPEG through libpng and libjpeg, and the files an attacker would
/// write, each a refusal with its reason and never a crash or an allocation the file's bytes
/// cannot justify.
@MainActor
struct ImageDecoderTests {
    private func reason(_ bytes: [UInt8]) -> String {
        do {
            let image = try ImageDecoder.decode(bytes, name: "x")
            return "decoded \(image.pixelWidth)x\(image.pixelHeight)"
        } catch {
            return error.reason
        }
    }

    // MARK: - Files that are images

    @Test("a PNG's pixels come back exactly, transparency and all")
    func pngRoundTrip() throws {
        let pixels = TestImages.pixels(5, 3) { x, y in [UInt8(x * 50), UInt8(y * 100), 7, x == 4 ? 0 : 255] }
        let file = TestImages.png(5, 3, pixels)
        let image = try ImageDecoder.decode(file, name: "icons/dot.png")
        #expect(image.size == Size(width: 5, height: 3))
        #expect(image.pixels == pixels)
        #expect(image.format == .png)
        #expect(image.file == file)
        #expect(image.name == "icons/dot.png")
        #expect(image.baseName == "dot")
    }

    @Test("PNGs of every colour type and depth come out as 8-bit RGBA")
    func pngKinds() throws {
        // A 2x1 grey PNG of 1-bit depth (black, white) with no alpha, crafted, and a
        // palette PNG with a transparent entry.
        func deflateStored(_ raw: [UInt8]) -> [UInt8] {
            // zlib header, one stored block, Adler-32.
            var a: UInt32 = 1, b: UInt32 = 0
            for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
            let length = UInt16(raw.count)
            return [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
                + raw + TestImages.bigEndian(b << 16 | a)
        }
        let grey = TestImages.pngClaiming(2, 1, depth: 1, colour: 0, idat: deflateStored([0, 0b0100_0000]))
        #expect(try ImageDecoder.decode(grey, name: "g").pixels == [0, 0, 0, 255, 255, 255, 255, 255])
        let palette = TestImages.pngSignature
            + TestImages.chunk("IHDR", TestImages.bigEndian(2) + TestImages.bigEndian(1) + [8, 3, 0, 0, 0])
            + TestImages.chunk("PLTE", [255, 0, 0, 0, 255, 0])
            + TestImages.chunk("tRNS", [0])
            + TestImages.chunk("IDAT", deflateStored([0, 0, 1]))
            + TestImages.chunk("IEND", [])
        #expect(try ImageDecoder.decode(palette, name: "p").pixels == [255, 0, 0, 0, 0, 255, 0, 255])
    }

    @Test("JPEGs, baseline, progressive and grey, decode to their size and near their colours",
          arguments: [(false, false), (true, false), (false, true)])
    func jpegKinds(progressive: Bool, grey: Bool) throws {
        let file = TestImages.jpeg(32, 16, TestImages.halves(32, 16), progressive: progressive, grey: grey)
        let image = try ImageDecoder.decode(file, name: "photo.jpg")
        #expect(image.size == Size(width: 32, height: 16))
        #expect(image.format == .jpeg)
        let top = Array(image.pixels[(2 * 32 + 16) * 4..<(2 * 32 + 16) * 4 + 4])
        let bottom = Array(image.pixels[(13 * 32 + 16) * 4..<(13 * 32 + 16) * 4 + 4])
        if grey {
            // Red and blue as grey: red lighter (Rec. 709 weights 0.21 against 0.07).
            #expect(top[0] == top[1] && top[0] > bottom[0])
        } else {
            #expect(top[0] > 230 && top[2] < 30)
            #expect(bottom[2] > 230 && bottom[0] < 30)
        }
        #expect(top[3] == 255)
    }

    // MARK: - Hostile files

    @Test("what is no PNG or JPEG is named so")
    func notAnImage() {
        #expect(reason([]) == "not a PNG or JPEG file")
        #expect(reason(Array("hello, I am a text file".utf8)) == "not a PNG or JPEG file")
        #expect(reason(Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 40)) == "not a PNG or JPEG file")
    }

    @Test("a PNG whose header claims 10^9 × 10^9 pixels is refused before any allocation")
    func pngClaimingABillionSquared() {
        let file = TestImages.pngClaiming(1_000_000_000, 1_000_000_000)
        #expect(reason(file) == "claims 1000000000x1000000000 pixels, more than the 16384 a side an image may have")
    }

    @Test("a PNG claiming more pixels than its bytes can hold is refused, however it is within the caps")
    func pngClaimingMoreThanItsBytes() {
        // 16000 x 2000 RGBA is 128 MB of rows, which no 60-byte file deflates to.
        let file = TestImages.pngClaiming(16_000, 2000, idat: [0x78, 0x9C, 0x03, 0x00])
        #expect(reason(file) == "claims 16000x2000 pixels, more than its \(file.count) bytes can hold")
        // Within a side, over the total.
        #expect(reason(TestImages.pngClaiming(16_384, 16_384)).hasPrefix("claims 16384x16384 pixels, more than the 33554432 an image may have"))
    }

    @Test("a JPEG claiming a size beyond the caps or its bytes is refused before decoding")
    func jpegClaimingTooMuch() {
        let small = TestImages.jpeg(16, 16, TestImages.halves(16, 16))
        #expect(reason(TestImages.jpeg(small, claiming: 60_000, 60_000))
                == "claims 60000x60000 pixels, more than the 16384 a side an image may have")
        let bigger = TestImages.jpeg(small, claiming: 16_000, 2000)
        #expect(reason(bigger) == "claims 16000x2000 pixels, more than its \(bigger.count) bytes can hold")
        let progressive = TestImages.jpeg(TestImages.jpeg(16, 16, TestImages.halves(16, 16), progressive: true), claiming: 8000, 4000)
        #expect(reason(progressive).hasSuffix("bytes can hold"))
    }

    @Test("a JPEG cut in half, and a PNG, are files that end before their image does")
    func truncated() {
        let jpeg = TestImages.jpeg(64, 48, TestImages.halves(64, 48))
        #expect(reason(Array(jpeg.prefix(jpeg.count / 2))) == "the file ends before its image does")
        let progressive = TestImages.jpeg(64, 48, TestImages.halves(64, 48), progressive: true)
        #expect(reason(Array(progressive.prefix(progressive.count / 2))) == "the file ends before its image does")
        let noise = TestImages.pixels(64, 48) { x, y in [UInt8(x * 37 % 256), UInt8(y * 91 % 256), UInt8((x * y) % 256), 255] }
        let png = TestImages.png(64, 48, noise)
        #expect(reason(Array(png.prefix(png.count / 2))) == "the file ends before its image does")
        #expect(reason(Array(png.prefix(20))) == "the file ends before its image does")
    }

    @Test("a damaged PNG says what libpng found")
    func damagedPNG() {
        var file = TestImages.pngClaiming(4, 4)
        file[20] ^= 0xFF  // inside IHDR: its CRC no longer matches
        #expect(reason(file).hasPrefix("the PNG is damaged ("))
        let zero = TestImages.pngClaiming(0, 5)
        #expect(reason(zero).hasPrefix("the PNG is damaged (") || reason(zero).contains("no image"))
    }

    @Test("every prefix and a thousand random damages of small files decode or are refused, never crash")
    func mutations() {
        let files = [
            TestImages.png(9, 7, TestImages.halves(9, 7)),
            TestImages.jpeg(24, 17, TestImages.halves(24, 17)),
            TestImages.jpeg(24, 17, TestImages.halves(24, 17), progressive: true),
        ]
        var random = SplitMix(seed: 26)
        for file in files {
            for length in 0..<file.count {
                _ = reason(Array(file.prefix(length)))
            }
            for _ in 0..<1000 {
                var damaged = file
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    damaged[Int(random.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: random.next())
                }
                let result = reason(damaged)
                // Whatever it claims, it is never larger than the caps allow.
                if result.hasPrefix("decoded ") {
                    let size = result.dropFirst(8).split(separator: "x").compactMap { Int($0) }
                    #expect(size.count == 2 && size[0] * size[1] <= ImageDecoder.maximumPixels)
                }
            }
        }
    }
}

/// A small seeded generator, so that a failure is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
