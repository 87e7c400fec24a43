import ImageShim

/// Image files the tests make themselves: written by libpng and libjpeg (through ImageShim),
/// or crafted byte by byte where a test needs a file no encoder writes.
enum TestImages {
    /// `width × height` RGBA pixels, each from `colour(x, y)`.
    static func pixels(_ width: Int, _ height: Int, _ colour: (Int, Int) -> [UInt8]) -> [UInt8] {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width { pixels += colour(x, y) }
        }
        return pixels
    }

    /// Red above, blue below.
    static func halves(_ width: Int, _ height: Int) -> [UInt8] {
        pixels(width, height) { _, y in y < height / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
    }

    static func png(_ width: Int, _ height: Int, _ pixels: [UInt8]) -> [UInt8] {
        var out = ish_bytes()
        let result = pixels.withUnsafeBufferPointer { ish_encode_png($0.baseAddress, UInt32(width), UInt32(height), &out) }
        precondition(result == ISH_OK)
        defer { ish_free_bytes(&out) }
        return Array(UnsafeBufferPointer(start: out.bytes, count: out.length))
    }

    static func jpeg(_ width: Int, _ height: Int, _ pixels: [UInt8], quality: Int = 90, progressive: Bool = false,
                     grey: Bool = false) -> [UInt8] {
        var out = ish_bytes()
        let result = pixels.withUnsafeBufferPointer {
            ish_encode_jpeg($0.baseAddress, UInt32(width), UInt32(height), Int32(quality), progressive ? 1 : 0, grey ? 1 : 0, &out)
        }
        precondition(result == ISH_OK)
        defer { ish_free_bytes(&out) }
        return Array(UnsafeBufferPointer(start: out.bytes, count: out.length))
    }

    // MARK: - Crafted

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG chunk: its length, type, data and CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A PNG whose header claims `width × height` pixels of 8-bit RGBA, followed by
    /// `idat` as its image data and an end chunk.
    static func pngClaiming(_ width: UInt32, _ height: UInt32, depth: UInt8 = 8, colour: UInt8 = 6, idat: [UInt8] = []) -> [UInt8] {
        let header = bigEndian(width) + bigEndian(height) + [depth, colour, 0, 0, 0]
        return pngSignature + chunk("IHDR", header) + (idat.isEmpty ? [] : chunk("IDAT", idat)) + chunk("IEND", [])
    }

    /// `jpeg` with the size its frame header (SOF0 or SOF2) gives replaced.
    static func jpeg(_ bytes: [UInt8], claiming width: UInt16, _ height: UInt16) -> [UInt8] {
        var bytes = bytes
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { break }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xC0 || marker == 0xC2 {
                bytes[index + 5] = UInt8(height >> 8)
                bytes[index + 6] = UInt8(height & 0xFF)
                bytes[index + 7] = UInt8(width >> 8)
                bytes[index + 8] = UInt8(width & 0xFF)
                return bytes
            }
            index += 2 + length
        }
        preconditionFailure("no frame header")
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
