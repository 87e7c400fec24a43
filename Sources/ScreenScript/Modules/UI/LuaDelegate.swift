import LuaBridge

/// A Lua table or object that a container calls as a delegate or data source: its functions
/// are called as methods, `self` first (`delegate:willShow(nav, vc, animated)`).
///
/// A missing method is not an error (delegate methods are optional). A method that raises
/// is reported with its name and traceback, and the container goes on as if it were missing.
final class LuaDelegate {
    let value: LuaValue
    private weak var host: ScriptHost?
    private let role: String

    /// - Parameter role: what the object is to the container, for error messages
    ///   ("navigation delegate", "page data source").
    init?(_ value: LuaValue, host: ScriptHost, role: String) {
        guard !value.isNil else { return nil }
        self.value = value
        self.host = host
        self.role = role
    }

    /// Calls the method `name` with the arguments. Returns its results, or nil when the
    /// object has no such method or it raised (the error is reported).
    @discardableResult
    func call<each Argument: LuaPushable>(_ name: String, _ arguments: repeat each Argument) -> [LuaValue]? {
        guard let host else { return nil }
        do {
            let results = try host.methodInvoker.callReturningAll(value, name, repeat each arguments)
            guard results.first?.isTruthy == true else { return nil }
            return Array(results.dropFirst())
        } catch {
            host.lua.report(error, in: "\(name) of \(role)")
            return nil
        }
    }
}

/// A container made from Lua, which keeps its Lua delegates and data sources alive: the
/// containers themselves hold them weakly, as UIKit's do.
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
