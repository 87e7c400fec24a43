import LuaBridge

/// A Lua table or object that a container calls as a delegate or data source: its functions
/// are called as methods, `self` first (`delegate:willShow(nav, vc, animated)`).
///
/// A missing method is not an error (delegate methods are optional). A method that raises
/// is reported with its name and traceback, and the container goes on as if it were missing.
///
/// A Swift object (a controller) is held weakly, as UIKit holds delegates: a controller is
/// often the delegate of a container or results controller it owns itself, and holding it
/// would keep both alive for good. Once it is gone the delegate is nil. A table is a Lua
/// value with no other owner, and is held.
final class LuaDelegate {
    private enum Held {
        case value(LuaValue)
        case object(WeakObject)
    }

    private let held: Held
    private weak var host: ScriptHost?
    private let role: String

    /// - Parameter role: what the object is to the container, for error messages
    ///   ("navigation delegate", "page data source").
    init?(_ value: LuaValue, host: ScriptHost, role: String) {
        guard !value.isNil else { return nil }
        if case .userdata(let userdata) = value, let object = userdata.object(as: AnyObject.self) {
            held = .object(WeakObject(object))
        } else {
            held = .value(value)
        }
        self.host = host
        self.role = role
    }

    /// The delegate as Lua sees it: nil once an object delegate is gone.
    var value: LuaValue {
        switch held {
        case .value(let value):
            return value
        case .object(let weak):
            guard let object = weak.object, let host else { return .nil }
            let stack = host.lua.stack
            stack.reserve(1)
            stack.pushOne(LuaAnyObject(object))
            defer { stack.pop() }
            return stack.value(at: -1)
        }
    }

    /// Calls the method `name` with the arguments. Returns its results, or nil when the
    /// object has no such method, is gone, or the method raised (the error is reported).
    @discardableResult
    func call<each Argument: LuaPushable>(_ name: String, _ arguments: repeat each Argument) -> [LuaValue]? {
        guard let host else { return nil }
        do {
            let results: [LuaValue]
            switch held {
            case .value(let value):
                results = try host.methodInvoker.callReturningAll(value, name, repeat each arguments)
            case .object(let weak):
                guard let object = weak.object else { return nil }
                results = try host.methodInvoker.callReturningAll(LuaAnyObject(object), name, repeat each arguments)
            }
            guard results.first?.isTruthy == true else { return nil }
            return Array(results.dropFirst())
        } catch {
            host.lua.report(error, in: "\(name) of \(role)")
            return nil
        }
    }
}

/// A Swift object held weakly: a delegate or an action's target.
final class WeakObject {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}


/// A container made from Lua, which keeps the wrappers of its Lua delegates and data sources
/// alive (the containers themselves hold delegates weakly, as UIKit's do); each wrapper
/// holds a table, or an object weakly, as ``LuaDelegate`` says.
protocol ScriptDelegateHolder: AnyObject {
    var scriptDelegates: [String: AnyObject] { get set }
}

extension ScriptHost {
    /// Lua code that calls `obj:name(...)` when `obj` has `name`: true and the results, or false.
    static let methodInvokerSource = """
        return function(object, name, ...)
          local method = object[name]
          if method == nil then return false end
          return true, method(object, ...)
        end
        """

    /// Lua code that tells whether `obj[name]` is a function; false when `obj` cannot be indexed.
    static let methodFinderSource = """
        return function(object, name)
          local ok, method = pcall(function() return object[name] end)
          return ok and type(method) == "function"
        end
        """
}
