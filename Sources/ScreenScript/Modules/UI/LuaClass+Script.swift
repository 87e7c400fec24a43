import LuaBridge
import ScreenKit

// What every class of `ui` does the same way: its constructor's checks, and its delegate and
// data source properties.

extension LuaClass where Object: View {
    /// A view class of `ui` that Lua can make with `new{...}` and extend, with its members:
    /// the whole binding of a view whose content is its own (see ``ViewDescription``).
    ///
    /// ```swift
    /// LuaClass.view("ui.ProgressView", parent: classes.view, host: host, ProgressView.init) { cls in
    ///     cls.finiteProperty("progress", get: { $0.progress }, set: { $0.progress = $1 })
    /// }
    /// ```
    static func view(
        _ name: String, parent: LuaClassDefinition, host: ScriptHost, _ make: @escaping @MainActor () -> Object,
        members: (LuaClass<Object>) -> Void
    ) -> LuaClass<Object> {
        let cls = LuaClass<Object>(name, parent: parent, extensible: true)
        members(cls)
        let callbacks = Object.self is Control.Type ? CallbackCheck.controlCallbacks : CallbackCheck.viewCallbacks
        cls.scriptConstructor(callbacks: callbacks, host: host) { _ in make() }
        return cls
    }
}

extension LuaClass {
    /// Lets Lua create objects with `Class:new{...}`, as ``LuaClass/constructor(keys:_:)``
    /// does, with the checks every class of `ui` makes before: a class passed as the fields
    /// (`ui.View:new(Card)`) is refused with how to make one of its objects, and a Lua
    /// subclass is checked once for callbacks it misspelt (see ``CallbackCheck``). The checks
    /// run in Lua, around the class's `new`, once `UIModule` has registered the class.
    ///
    /// - Parameters:
    ///   - expected: what argument 1 of `new` should be, for the refusal of a class there.
    ///   - callbacks: what a Lua subclass may override; nil for a class Lua cannot extend.
    func scriptConstructor(
        keys: [String] = [], expected: String = "a table of fields", callbacks: [String]? = nil, host: ScriptHost,
        _ make: @escaping @MainActor (LuaArguments) throws -> Object
    ) {
        host.callbackCheck.checkConstruction(of: name, expected: expected, callbacks: callbacks)
        constructor(keys: keys, make)
    }

    /// A delegate or data source property: a table or an object, or nil for none; anything
    /// else is refused when set (`bad value for property 'delegate' of
    /// ui.NavigationController (table or object expected, got number)`), and so is a table
    /// whose callback is not a function (`field 'willShow' is a number, not a function`). The
    /// container holds its delegate weakly, so the object's ``ScriptHook`` keeps the wrapper;
    /// the wrapper holds a table, or an object weakly, as ``LuaDelegate`` says. A function in
    /// it that is a slip of one of the wrapper's callbacks is warned about.
    ///
    /// - Parameters:
    ///   - adapter: the ``LuaDelegate`` subclass that adapts it to the container's protocol.
    ///   - get: the container's delegate now.
    ///   - set: gives the container its new delegate (nil for none).
    func delegateProperty<Adapter: LuaDelegate>(
        _ name: String, _ adapter: Adapter.Type, host: ScriptHost,
        get: @escaping @MainActor (Object) -> AnyObject?, set: @escaping @MainActor (Object, Adapter?) -> Void
    ) {
        property(name, get: { object in
            let delegate = get(object)
            if let wrapper = delegate as? LuaDelegate { return DelegateValue(wrapper.value) }
            // A controller that feeds its own list is its data source and delegate itself.
            if let controller = delegate as? ViewController { return DelegateValue(controller: controller) }
            return DelegateValue(.nil)
        }, set: { [weak host] object, value in
            guard let host else { throw ScriptHost.gone }
            let delegate = try Adapter.make(value, host: host)
            ScriptHook.of(object)?.delegates[name] = delegate
            set(object, delegate)
        })
    }
}

/// A delegate or data source as a script gives it: a table, an object, or nil.
struct DelegateValue: LuaConvertible {
    let value: LuaValue
    /// A controller that is the delegate itself, pushed as it is.
    private var controller: ViewController?

    init(_ value: LuaValue) { self.value = value }

    init(controller: ViewController) {
        value = .nil
        self.controller = controller
    }

    func push(to stack: LuaStack) -> Int32 {
        if let controller { return controller.push(to: stack) }
        return value.push(to: stack)
    }

    static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> DelegateValue {
        let value = stack.value(at: index)
        switch value {
        case .nil, .userdata:
            return DelegateValue(value)
        case .table:
            // A class made by `extend` is where its objects belong, not a delegate itself.
            if let name = ScriptValues.className(of: value) {
                throw LuaConversionError(message: "table or object expected, got the class \(name); call \(name):new()")
            }
            return DelegateValue(value)
        default:
            throw LuaConversionError(message: "table or object expected, got \(stack.typeName(at: index))")
        }
    }
}
