import LuaBridge

// The readers for numbers scripts give where only some numbers make sense. Every binding
// reads them through these, so a refusal always has the same words: as an argument
// `bad argument #1 to 'after' (finite number expected, got nan)`, as a property
// `bad value for property 'alpha' of ui.View (finite number expected, got inf)`.

/// A number that must be finite: NaN and ±inf are refused where they are read, before a
/// core computes with them. Huge finite values pass; the cores clamp them.
///
/// ```swift
/// cls.finiteProperty("alpha", get: { $0.alpha }, set: { $0.alpha = $1 })
/// let seconds = try args.get(1, as: Finite.self).value
/// ```
struct Finite: LuaConvertible {
    let value: Double

    init(_ value: Double) { self.value = value }

    func push(to stack: LuaStack) -> Int32 {
        value.push(to: stack)
    }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Finite {
        Finite(try check(try Double.read(from: stack, at: index)))
    }

    /// `number` when it is finite.
    /// - Throws: `finite number expected, got nan` (or `inf`, `-inf`).
    static func check(_ number: Double) throws(LuaConversionError) -> Double {
        guard number.isFinite else {
            throw LuaConversionError(message: "finite number expected, got \(describe(number))")
        }
        return number
    }

    /// A number as Lua prints it, NaN without the sign some platforms print.
    static func describe(_ number: Double) -> String {
        number.isNaN ? "nan" : LuaValue.number(number).description
    }
}

/// A number that must be finite and greater than zero (a stepper's step).
struct Positive: LuaConvertible {
    let value: Double

    init(_ value: Double) { self.value = value }

    func push(to stack: LuaStack) -> Int32 {
        value.push(to: stack)
    }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Positive {
        let number = try Finite.read(from: stack, at: index).value
        guard number > 0 else {
            throw LuaConversionError(message: "positive number expected, got \(stack.value(at: index))")
        }
        return Positive(number)
    }
}

/// A count of at least one (taps, touches): zero, negative counts and non-integers are refused.
struct Count: LuaConvertible {
    let value: Int

    init(_ value: Int) { self.value = value }

    func push(to stack: LuaStack) -> Int32 {
        value.push(to: stack)
    }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Count {
        let number = try Int.read(from: stack, at: index)
        guard number >= 1 else { throw LuaConversionError(message: "count of at least 1 expected, got \(number)") }
        return Count(number)
    }
}

extension LuaClass {
    /// A number property that refuses NaN and ±inf (see ``Finite``).
    func finiteProperty(
        _ name: String, get: @escaping @MainActor (Object) -> Double,
        set: @escaping @MainActor (Object, Double) throws -> Void
    ) {
        property(name, get: { Finite(get($0)) }, set: { try set($0, $1.value) })
    }

    /// A count property that refuses counts below 1 (see ``Count``).
    func countProperty(
        _ name: String, get: @escaping @MainActor (Object) -> Int, set: @escaping @MainActor (Object, Int) -> Void
    ) {
        property(name, get: { Count(get($0)) }, set: { set($0, $1.value) })
    }
}
