import LuaBridge

/// What a control, a bar button item or a gesture calls when it fires: a Lua function, or a
/// method of a target, named as UIKit names actions (`control:addTarget(self, "close", "touchUpInside")`).
///
/// A function Swift keeps keeps alive what it captures, and Lua's collector cannot see the
/// Swift references back: a button whose action captures the controller that owns the button
/// keeps both alive for good. A Swift target is held weakly instead, as UIKit holds targets,
/// so an action method on the controller does not keep it alive; once the target is gone the
/// action does nothing. A table target is a Lua value and is held as functions are.
final class ScriptAction {
    private enum Callee {
        case function(LuaFunction)
        case swiftTarget(WeakObject, method: String)
        case tableTarget(LuaValue, method: String)
    }

    private let callee: Callee
    private weak var host: ScriptHost?
    /// The last answer of ``takesArgument(at:)``.
    private var takes: (position: Int, answer: Bool)?

    private init(_ callee: Callee, host: ScriptHost?) {
        self.callee = callee
        self.host = host
    }

    /// A function action.
    convenience init(_ function: LuaFunction, host: ScriptHost?) {
        self.init(.function(function), host: host)
    }

    /// Whether the action reads its argument at `position` (the sender is 1): a function that
    /// declares fewer parameters does not, so an argument that is costly to make (a touch)
    /// can be left out. A target's method is looked up only when called, so it may.
    func takesArgument(at position: Int) -> Bool {
        if let takes, takes.position == position { return takes.answer }
        let answer: Bool
        switch callee {
        case .function(let function): answer = function.takesArgument(at: position)
        case .swiftTarget, .tableTarget: answer = true
        }
        takes = (position, answer)
        return answer
    }

    /// Whether the action is what a `removeTarget(target, method)` names, as UIKit matches
    /// targets and actions: the function `target` itself; or a method of `target` (any of its
    /// methods when `method` is nil); or, when `target` is nil, any action (any method named
    /// `method`, when given).
    func matches(_ target: LuaValue, method: String?) -> Bool {
        switch (callee, target) {
        case (.function(let function), .function):
            return method == nil && LuaValue.function(function) == target
        case (.function, .nil):
            return method == nil
        case (.swiftTarget(_, let name), .nil), (.tableTarget(_, let name), .nil):
            return method == nil || method == name
        case (.swiftTarget(let weak, let name), .userdata(let userdata)):
            guard let object = weak.object, object === userdata.object(as: AnyObject.self) else { return false }
            return method == nil || method == name
        case (.tableTarget(let table, let name), .table):
            return table == target && (method == nil || method == name)
        default:
            return false
        }
    }

    /// The action at `index` of a call: a function, or a target at `index` and the name of
    /// its method at `index + 1`. Returns the action and the index of the argument after it.
    /// - Throws: an argument error when neither is given, or the target has no such method.
    static func parse(_ args: LuaArguments, at index: Int32, host: ScriptHost) throws -> (ScriptAction, next: Int32) {
        if args.type(at: index) == .function {
            return (ScriptAction(try args.get(index, as: LuaFunction.self), host: host), index + 1)
        }
        let target = try args.get(index, as: LuaValue.self)
        guard case .string(let name) = try args.get(index + 1, as: LuaValue.self) else {
            throw args.error(index, "function, or target and method name, expected, got \(target.type)")
        }
        let action = try ScriptAction(target: target, method: name.description, host: host) { message in
            args.error(index, message)
        }
        return (action, index + 2)
    }

    /// The action in a constructor's fields: `action = fn`, or `target = obj, action = "method"`;
    /// nil when there is none. The fields are argument 2 of `new`.
    /// - Throws: an argument error for a target without a method name, an action of the wrong
    ///   kind, or a target without that method.
    static func fromFields(_ fields: LuaTable?, _ args: LuaArguments, host: ScriptHost) throws -> ScriptAction? {
        guard let fields else { return nil }
        let target = try fields.get("target", as: LuaValue.self)
        switch try fields.get("action", as: LuaValue.self) {
        case .nil:
            if !target.isNil { throw args.error(2, "a target needs the name of its method as action") }
            return nil
        case .function(let function) where target.isNil:
            return ScriptAction(function, host: host)
        case .string(let method) where !target.isNil:
            return try ScriptAction(target: target, method: method.description, host: host) { message in
                args.error(2, "target: \(message)")
            }
        case let action:
            throw args.error(2, target.isNil
                ? "action must be a function, got \(action.type)"
                : "action must be the name of a method of the target, got \(action.type)")
        }
    }

    /// A method action on `target`, which must have the method now.
    /// - Parameter failure: makes the error for a target that is not an object or table, or
    ///   has no such method.
    convenience init(
        target: LuaValue, method: String, host: ScriptHost, failure: (String) -> any Error
    ) throws {
        switch target {
        case .userdata, .table: break
        default: throw failure("target must be an object or a table, got \(target.type)")
        }
        guard try host.methodFinder.call(target, method, returning: Bool.self) else {
            throw failure("\(ScriptValues.describe(target, in: host.lua)) has no method '\(method)'")
        }
        switch target {
        case .userdata(let userdata):
            guard let object = userdata.object(as: AnyObject.self) else {
                throw failure("target must be an object or a table, got \(target.type)")
            }
            self.init(.swiftTarget(WeakObject(object), method: method), host: host)
        default:
            self.init(.tableTarget(target, method: method), host: host)
        }
    }

    /// Calls the function, or the target's method with the target first; an error is reported
    /// with `context` (where the action was set: "action for touchUpInside added at
    /// main.lua:12") and the host goes on. A target that is gone is not called.
    func perform<each Argument: LuaPushable>(_ arguments: repeat each Argument, context: @autoclosure () -> String) {
        guard let host else { return }
        switch callee {
        case .function(let function):
            host.callback(function, repeat each arguments, context: context())
        case .swiftTarget(let weak, let method):
            guard let object = weak.object else { return }
            call(method, on: LuaAnyObject(object), repeat each arguments, host: host, context: context)
        case .tableTarget(let table, let method):
            call(method, on: table, repeat each arguments, host: host, context: context)
        }
    }

    private func call<Target: LuaPushable, each Argument: LuaPushable>(
        _ method: String, on target: Target, _ arguments: repeat each Argument, host: ScriptHost,
        context: () -> String
    ) {
        do {
            if try host.callMethod(method, on: target, repeat each arguments) == nil {
                host.report("the target has no method '\(method)' any more", in: context())
            }
        } catch {
            host.lua.report(error, in: context())
        }
    }
}
