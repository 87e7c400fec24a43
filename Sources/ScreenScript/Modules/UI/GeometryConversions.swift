import LuaBridge
import ScreenKit

// Geometry as scripts write it: points `{x=, y=}`, sizes `{width=, height=}`, rects
// `{x=, y=, width=, height=}`, and the short forms `{x, y}`, `{w, h}`, `{x, y, w, h}`.

extension Point: LuaConvertible {
    public func push(to stack: LuaStack) -> Int32 {
        stack.push(["x": x, "y": y])
    }

    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Point {
        let numbers = try GeometryTable.read(stack, index, expected: "point", named: ["x", "y"])
        return Point(x: numbers[0], y: numbers[1])
    }
}

extension Size: LuaConvertible {
    public func push(to stack: LuaStack) -> Int32 {
        stack.push(["width": width, "height": height])
    }

    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Size {
        let numbers = try GeometryTable.read(stack, index, expected: "size", named: ["width", "height"])
        return Size(width: numbers[0], height: numbers[1])
    }
}

extension Rect: LuaConvertible {
    public func push(to stack: LuaStack) -> Int32 {
        stack.push(["x": origin.x, "y": origin.y, "width": size.width, "height": size.height])
    }

    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Rect {
        let numbers = try GeometryTable.read(stack, index, expected: "rect", named: ["x", "y", "width", "height"])
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

extension Color: LuaConvertible {
    /// Pushes `#rrggbb` (or `#rrggbbaa`).
    public func push(to stack: LuaStack) -> Int32 {
        stack.push(hex)
    }

    /// Reads a name (`"red"`), a hex string (`"#ff8000"`), or `{ r, g, b, a }` from 0 to 1.
    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Color {
        if stack.type(at: index) == .string {
            let text = try String.read(from: stack, at: index)
            if let color = Color.named[text] ?? Color(hex: text) { return color }
            throw LuaConversionError(message: "colour name or #rrggbb expected, got '\(text)'")
        }
        let numbers = try [Finite].read(from: stack, at: index).map(\.value)
        guard numbers.count == 3 || numbers.count == 4 else {
            throw LuaConversionError(message: "colour expected ({r, g, b[, a]}), got \(numbers.count) numbers")
        }
        return Color(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers.count == 4 ? numbers[3] : 1)
    }
}

/// Reads the numbers of a geometry table by name, or by position in the short form; each
/// must be finite (see ``Finite``).
enum GeometryTable {
    static func read(
        _ stack: LuaStack, _ index: Int32, expected: String, named names: [String]
    ) throws(LuaConversionError) -> [Double] {
        guard stack.type(at: index) == .table else { throw stack.typeError(expected, at: index) }
        let table = try LuaTable.read(from: stack, at: index)
        var numbers: [Double] = []
        for (position, name) in names.enumerated() {
            var value = table[name]
            if value.isNil { value = table[position + 1] }
            if value.isNil && name == "width" { value = table["w"] }
            if value.isNil && name == "height" { value = table["h"] }
            guard let number = value.numberValue else {
                throw LuaConversionError(message: "\(expected) expected, field '\(name)' is \(value.isNil ? "missing" : "a \(value.type)")")
            }
            do {
                numbers.append(try Finite.check(number))
            } catch {
                throw LuaConversionError(message: "\(error.message) in field '\(name)'")
            }
        }
        return numbers
    }
}
