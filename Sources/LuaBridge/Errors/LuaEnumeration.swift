import CLua
import LuaShim

/// A Swift enumeration that scripts name with strings (`label.lineBreakMode = "wordWrap"`).
///
/// Conforming is all a binding does: the value then reads and pushes as its raw value, and
/// a name that is not one of the cases fails the way `luaL_checkoption` fails, through the
/// one error path every binding shares. As an argument:
/// `bad argument #2 to 'addTarget' (invalid option 'touchUpInsde' (did you mean 'touchUpInside'?))`;
/// as a property: `bad value for property 'lineBreakMode' of ui.Label (invalid option 'bogus'
/// (expected clip, truncateHead, truncateTail, truncateMiddle, wordWrap or charWrap))`.
///
/// ```swift
/// extension LineBreakMode: LuaEnumeration {}
/// cls.property("lineBreakMode", get: { $0.lineBreakMode }, set: { $0.lineBreakMode = $1 })
/// let mode = try args.get(2, as: LineBreakMode.self)
/// ```
public protocol LuaEnumeration: LuaConvertible, CaseIterable, RawRepresentable where RawValue == String {}

extension LuaEnumeration {
    public func push(to stack: LuaStack) -> Int32 {
        rawValue.push(to: stack)
    }

    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Self {
        guard stack.type(at: index) == .string else { throw stack.typeError("string", at: index) }
        let name = try String.read(from: stack, at: index)
        guard let value = Self(rawValue: name) else {
            throw LuaOption.invalid(name, among: allCases.map(\.rawValue))
        }
        return value
    }
}

/// Options that are plain strings rather than an enumeration's cases.
public enum LuaOption {
    /// `name` when it is one of `options`; else the invalid-option error.
    public static func check(_ name: String, among options: [String]) throws(LuaConversionError) -> String {
        guard options.contains(name) else { throw invalid(name, among: options) }
        return name
    }

    /// The error for an option that is not one of `options`, in `luaL_checkoption`'s words,
    /// with the likely intended one, or else the list to choose from.
    public static func invalid(_ name: String, among options: [String]) -> LuaConversionError {
        let shown = name.count > 40 ? String(name.prefix(40)) + "..." : name
        if let suggestion = LuaSuggestion.closest(to: name, among: options) {
            return LuaConversionError(message: "invalid option '\(shown)' (did you mean '\(suggestion)'?)")
        }
        return LuaConversionError(message: "invalid option '\(shown)' (expected \(list(options)))")
    }

    /// "a, b or c".
    public static func list(_ options: [String]) -> String {
        guard options.count > 1 else { return options.first ?? "nothing" }
        return options.dropLast().joined(separator: ", ") + " or " + options.last!
    }
}

extension LuaArguments {
    /// The option at `index`, one of `options`, or `fallback` when it is nil or absent.
    /// - Throws: ``LuaArgumentError`` in `luaL_checkoption`'s words.
    public func option(_ index: Int32, among options: [String], default fallback: String? = nil) throws(LuaArgumentError) -> String {
        if let fallback, isNil(index) { return fallback }
        let name = try get(index, as: String.self)
        do {
            return try LuaOption.check(name, among: options)
        } catch {
            throw LuaArgumentError(index: index, message: error.message)
        }
    }
}

extension LuaArguments {
    /// The field `key` of the table argument at `index` (raw access), converted to `T`:
    /// a constructor's settings (`ui.Window:new{ device = "ipad" }`). A table that lacks the
    /// field reads it as nil; an argument that is not a table reads every field as nil.
    /// - Throws: ``LuaArgumentError`` naming the field: `bad argument #1 to 'new' (invalid
    ///   option 'middle' (expected min, mid or max) in field 'spineLocation')`.
    public func field<T: LuaReadable>(_ index: Int32, _ key: String, as type: T.Type = T.self) throws(LuaArgumentError) -> T {
        let L = stack.L
        stack.reserve(2)
        if lua_type(L, index) == LUA_TTABLE {
            let table = lua_absindex(L, index)
            lua_pushswiftstring(L, key)
            lua_rawget(L, table)
        } else {
            lua_pushnil(L)
        }
        defer { lua_pop(L, 1) }
        do {
            return try T.read(from: stack, at: -1)
        } catch {
            throw LuaArgumentError(index: index, message: "\(error.message) in field '\(key)'")
        }
    }
}
