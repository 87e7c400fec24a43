import ImageShim
import ScreenKit

/// PNG and JPEG files made into ``Image``s by the system's libpng and libjpeg, through
/// ImageShim, which keeps their longjmps in C.
///
/// A file is checked before anything is allocated for its pixels: at most
/// ``maximumSide`` pixels a side and ``maximumPixels`` in all, and no more than its bytes
/// can hold (a PNG's rows come out of deflate, which shrinks at most 1032 times; Huffman-coded
/// JPEG spends a bit at least on each 8×8 block). So a file of a hundred bytes that claims
/// a billion pixels costs nothing but its refusal.
///
/// ```swift
/// let photo = try ImageDecoder.decode(bytes, name: "beach.jpg")
/// photo.size   // 1024×768
/// ```
public enum ImageDecoder {
    /// The most pixels either side of an image may have.
    public static let maximumSide = 16_384
    /// The most pixels an image may have: 32 Mpx, 128 MB decoded (a 24-megapixel photo fits).
    public static let maximumPixels = 1 << 25

    /// Why a file is not an image.
    public struct Failure: Error, CustomStringConvertible {
        /// What is wrong, for a person: "not a PNG or JPEG file", "the file ends before its
        /// image does", "claims 1000000000x1000000000 pixels, more than ...".
        public let reason: String
        public var description: String { reason }
    }

    /// Decodes a PNG or JPEG file's bytes.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - name: what the image is called (the path the script gave).
    /// - Throws: ``Failure`` when the bytes are no PNG or JPEG, are damaged or cut short, or
    ///   claim more pixels than allowed or than they can hold.
    /// - Complexity: the libraries' decoding, O(bytes + pixels).
    public static func decode(_ bytes: [UInt8], name: String) throws(Failure) -> Image {
        var decoded = ish_image()
        let result = bytes.withUnsafeBufferPointer { buffer in
            ish_decode(buffer.baseAddress, buffer.count, UInt32(maximumSide), UInt64(maximumPixels), &decoded)
        }
        defer { ish_free_image(&decoded) }
        guard result == ISH_OK, let pixels = decoded.pixels else { throw Failure(reason: message(of: &decoded)) }
        let width = Int(decoded.width), height = Int(decoded.height)
        let format: Image.Format = decoded.format == ISH_FORMAT_PNG ? .png : .jpeg
        let copied = Array(UnsafeBufferPointer(start: pixels, count: width * height * 4))
        guard let image = Image(width: width, height: height, pixels: copied, file: bytes, format: format, name: name) else {
            throw Failure(reason: "claims \(width)x\(height) pixels, which is no image")
        }
        return image
    }

    /// The message ImageShim wrote, a NUL-terminated C string in a fixed array.
    private static func message(of image: inout ish_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
