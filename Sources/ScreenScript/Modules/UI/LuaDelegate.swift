import LuaBridge

/// A Lua table or object that a container calls as a delegate or data source: its functions
/// are called as methods, `self` first (`delegate:willShow(nav, vc, animated)`), with the
/// host's error reporting.
///
/// The one delegate wrapper of ScreenScript: each protocol of a container is a thin adapter,
/// a subclass that says its ``role`` and ``callbacks`` and forwards each protocol method to
/// ``call(_:_:)``:
///
/// ```swift
/// final class ScriptScrollDelegate: LuaDelegate, ScrollViewDelegate {
///     override class var role: String { "scroll view delegate" }
///     override class var callbacks: [String] { ["didScroll"] }
///     func scrollViewDidScroll(_ scrollView: ScrollView) { call("didScroll", scrollView) }
/// }
/// ```
///
/// A missing method is not an error (delegate methods are optional). A method that raises
/// is reported with its name and traceback, and the container goes on as if it were missing.
///
/// A Swift object (a controller) is held weakly, as UIKit holds delegates: a controller is
/// often the delegate of a container or results controller it owns itself, and holding it
/// would keep both alive for good. Once it is gone the delegate is nil. A table is a Lua
/// value with no other owner, and is held.
class LuaDelegate {
    private enum Held {
        case value(LuaValue)
        case object(WeakObject)
    }

    /// What it is to its container, for messages ("navigation delegate", "page data source").
    class var role: String { "delegate" }
    /// The methods its container calls: a table whose one of them is not a function is
    /// refused, and a function that is a slip of one is warned about.
    class var callbacks: [String] { [] }

    private let held: Held
    private(set) weak var host: ScriptHost?
    /// Where the script set it (`main.lua:12`), for the reports of its methods' errors.
    private let place: String?

    /// - Parameter place: where the script set it.
    required init?(_ value: LuaValue, host: ScriptHost, place: String? = nil) {
        guard !value.isNil else { return nil }
        if case .userdata(let userdata) = value, let object = userdata.object(as: AnyObject.self) {
            held = .object(WeakObject(object))
        } else {
            held = .value(value)
        }
        self.host = host
        self.place = place
    }

    /// The wrapper of a delegate a script gives (nil for none), checked as every delegate
    /// property checks it: a table whose callback is not a function is refused, and a
    /// function that is a slip of one of the callbacks is warned about.
    /// - Throws: the refusal, as the reason of a bad value (`field 'willShow' is a number,
    ///   not a function`).
    static func make(_ value: DelegateValue, host: ScriptHost) throws(LuaConversionError) -> Self? {
        if case .table(let table) = value.value {
            for callback in callbacks {
                let field = table[callback]
                guard !field.isNil, field.functionValue == nil, field.tableValue == nil else { continue }
                throw LuaConversionError(message: "field '\(callback)' is a \(field.type), not a function")
            }
        }
        host.callbackCheck.checkDelegate(value.value, role: role, callbacks: callbacks)
        return Self(value.value, host: host, place: host.callbackCheck.callerPlace())
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
    /// object has no such method, is gone, or the method failed (the error is reported as
    /// "willShow of navigation delegate", with where the delegate was set), and while the
    /// state is interrupted.
    @discardableResult
    func call<each Argument: LuaPushable>(_ name: String, _ arguments: repeat each Argument) -> [LuaValue]? {
        // Stopped code fails at once: a container that asks for each item must not report
        // each failure before the stop reaches the script.
        guard let host, !host.lua.isInterrupted else { return nil }
        do {
            switch held {
            case .value(let value):
                return try host.callMethod(name, on: value, repeat each arguments)
            case .object(let weak):
                guard let object = weak.object else { return nil }
                return try host.callMethod(name, on: LuaAnyObject(object), repeat each arguments)
            }
        } catch {
            host.lua.report(error, in: context(name))
            return nil
        }
    }

    /// Whether it has a function `name`, looked up as a call of the method would be (a
    /// delegate's optional method changes what the container does when it is there).
    func has(_ name: String) -> Bool {
        guard let host else { return false }
        switch held {
        case .value(let value):
            return (try? host.methodFinder.call(value, name, returning: Bool.self)) == true
        case .object(let weak):
            guard let object = weak.object else { return false }
            return (try? host.methodFinder.call(LuaAnyObject(object), name, returning: Bool.self)) == true
        }
    }

    /// A result of one of its methods as `T`.
    /// - Throws: the conversion error (`ui.Controller expected, got number`).
    func read<T: LuaReadable>(_ result: LuaValue, as type: T.Type) throws(LuaConversionError) -> T {
        guard let host else { throw LuaConversionError(message: ScriptHost.gone.message) }
        return try ScriptValues.read(result, as: type, in: host.lua)
    }

    /// Reports a result of the method `name` that the container cannot use, in Lua's words
    /// for a bad argument: `bad result from 'pageAfter' (ui.Controller expected, got number)`.
    func reportResult(of name: String, _ problem: String) {
        host?.report("bad result from '\(name)' (\(problem))", in: context(name))
    }

    /// Reports a mistake in what the method `name` did that the container found afterwards,
    /// in the container's words (the error `setViewControllers` gives for pages that do not
    /// fit the spine location `spineLocationFor` answered).
    func report(_ message: String, from name: String) {
        host?.report(message, in: context(name))
    }

    /// "willShow of navigation delegate set at main.lua:12".
    private func context(_ name: String) -> String {
        "\(name) of \(Self.role)\(place.map { " set at \($0)" } ?? "")"
    }
}

/// A Swift object held weakly: a delegate or an action's target.
final class WeakObject {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}


extension ScriptHost {
    /// Reports a mistake of a script that Swift found while calling it back (a delegate's
    /// answer it cannot use): through ``errorReporter``, as callbacks' errors are, with
    /// `context` naming what was called.
    func report(_ message: String, in context: String) {
        lua.report(LuaError(kind: .runtime, message: message), in: context)
    }

    /// Calls `target:name(...)` when `target` has `name`: the method's results, or nil when
    /// it has none.
    /// - Throws: ``LuaError`` raised by the method, or one saying that `name` is not a
    ///   function (without the place inside the host's own chunk that tried to call it).
    func callMethod<Target: LuaPushable, each Argument: LuaPushable>(
        _ name: String, on target: Target, _ arguments: repeat each Argument
    ) throws(LuaError) -> [LuaValue]? {
        let results = try methodInvoker.callReturningAll(target, name, repeat each arguments)
        switch results.first {
        case .boolean(true)?:
            return Array(results.dropFirst())
        case .string(let type)?:
            throw LuaError(kind: .runtime, message: "'\(name)' is a \(type), not a function")
        default:
            return nil
        }
    }
}
