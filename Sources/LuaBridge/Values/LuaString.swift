/// A Lua string as bytes: any bytes, embedded zeros included, preserved exactly.
///
/// Lua strings are byte strings; Swift's `String` is Unicode text. Read a `LuaString`
/// where bytes matter (binary data, other encodings) and `String` where text does.
public struct LuaString: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ text: String) { bytes = Array(text.utf8) }
    public init(stringLiteral value: String) { self.init(value) }

    /// The bytes decoded as UTF-8, or nil when they are not valid UTF-8.
    public var text: String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// The bytes as text, with invalid UTF-8 repaired.
    public var description: String { String(decoding: bytes, as: UTF8.self) }
}
