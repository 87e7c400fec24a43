import LuaBridge
import ScreenKit

/// Who answers a list's questions in Lua: a data source or delegate a script set (a table or
/// an object), or a Lua subclass of a list controller (`ui.CollectionViewController`), whose
/// own methods answer, as its overrides are found (a method the class does not define costs
/// no call into Lua).
///
/// A method that raises is reported with its name and traceback ("cellForItem of collection
/// data source set at main.lua:12", "cellForItem of Videos") and counts as missing; an
/// answer the list cannot use is reported as a bad result.
enum ScriptCallbackTarget {
    case delegate(LuaDelegate)
    /// A controller of a class Lua extends, held weakly (it owns the list that asks).
    case controller(WeakObject)

    /// The results of `name`, or nil when the target has no such method or it failed (which
    /// is reported).
    @discardableResult
    func call<each Argument: LuaPushable>(_ name: String, _ arguments: repeat each Argument) -> [LuaValue]? {
        switch self {
        case .delegate(let delegate):
            return delegate.call(name, repeat each arguments)
        case .controller(let weak):
            guard let controller = weak.object, let hook = ScriptHook.of(controller) else { return nil }
            return hook.answer(name, on: controller, repeat each arguments)
        }
    }

    /// Whether the target has a function `name`.
    func has(_ name: String) -> Bool {
        switch self {
        case .delegate(let delegate):
            return delegate.has(name)
        case .controller(let weak):
            return ScriptHook.of(weak.object)?.peer.overrides(name) ?? false
        }
    }

    /// Reports a mistake of `name` that the list found: an answer it cannot use, or one it
    /// refused (a count below 0); a controller's are named by its Lua class.
    func report(_ message: String, from name: String) {
        switch self {
        case .delegate(let delegate):
            delegate.report(message, from: name)
        case .controller(let weak):
            ScriptHook.of(weak.object)?.report(message, from: name)
        }
    }

    var host: ScriptHost? {
        switch self {
        case .delegate(let delegate): delegate.host
        case .controller(let weak): ScriptHook.of(weak.object)?.host
        }
    }

    /// The first result of `name` as `T`; nil when there is none (or it is nil), and when it
    /// is not a `T`, which is reported: `bad result from 'sizeForItem' (size expected, got string)`.
    func answer<T: LuaReadable, each Argument: LuaPushable>(
        _ type: T.Type, of name: String, _ arguments: repeat each Argument
    ) -> T? {
        guard let value = call(name, repeat each arguments)?.first, !value.isNil else { return nil }
        return read(value, as: type, from: name)
    }

    /// A value `name` gave as `T`, or nil (reported) when it is not one.
    func read<T: LuaReadable>(_ value: LuaValue, as type: T.Type, from name: String) -> T? {
        guard let host else { return nil }
        return ScriptCallbackTarget.read(value, as: type, from: name, host: host) { report($0, from: name) }
    }

    /// A value a callback gave as `T`, or nil when it is not one, which `report` is told in
    /// Lua's words for a bad argument: `bad result from 'cellForRow' (ui.TableViewCell
    /// expected, got nil)`.
    static func read<T: LuaReadable>(
        _ value: LuaValue, as type: T.Type, from name: String, host: ScriptHost, report: (String) -> Void
    ) -> T? {
        do {
            return try ScriptValues.read(value, as: type, in: host.lua)
        } catch {
            report("bad result from '\(name)' (\(error.message))")
            return nil
        }
    }
}
