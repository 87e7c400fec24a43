import LuaBridge

// MARK: - The one error vocabulary of the bindings
//
// What a binding raises has one of three shapes, and the shape follows from where the
// binding found the problem, never from a type picked by hand:
//
// - an argument that does not fit: Lua's `bad argument #2 to 'insertSubview' (index 5 out of
//   range 1...3)`, raised with `throw args.error(index, reason)` or by `args.get`, which
//   word a conversion's reason that way;
// - a value assigned to a property that does not fit: `bad value for property
//   'selectedIndex' of ui.SegmentedControl (index 3 out of range 1...2)`. Whatever a setter
//   throws is worded so (``LuaClass`` does it), so a setter just throws the reason
//   (a ``LuaConversionError``, as ``outOfRange(_:_:)`` makes);
// - a refusal of what was asked, in UIKit's own words (`cannot push A 'Diary': it is already
//   on the stack of ...`): the core's error, or a ``BindingError``, raised with the caller's
//   place in front. ``ScriptHost/gone`` is the refusal of a call whose host is gone.

/// A binding's refusal of what a script asked, raised in Lua with the script's position
/// (`main.lua:12: DiaryEntry has no attribute 'txt'`).
struct BindingError: Error, CustomStringConvertible {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}

extension LuaConversionError {
    /// The reason a one-based `index` does not fit `range`, with the values that would:
    /// `index 3 out of range 1...2`, or `index 1 out of range (there are none)` when the
    /// range is empty.
    static func outOfRange(_ index: Int, _ range: ClosedRange<Int>) -> LuaConversionError {
        LuaConversionError(message: "index \(index) out of range \(range.isEmpty ? "(there are none)" : "\(range)")")
    }

    /// The reason for a one-based `index` among `count` things (1...count).
    static func outOfRange(_ index: Int, count: Int) -> LuaConversionError {
        count >= 1 ? outOfRange(index, 1...count) : LuaConversionError(message: "index \(index) out of range (there are none)")
    }
}

extension LuaArguments {
    /// The one-based index at `index` among `count` things (1...count), zero-based.
    /// - Throws: `bad argument #n to 'f' (index 5 out of range 1...3)`.
    func index(_ index: Int32, among count: Int) throws -> Int {
        let value = try get(index, as: Int.self)
        guard value >= 1, value <= count else { throw error(index, LuaConversionError.outOfRange(value, count: count).message) }
        return value - 1
    }
}
