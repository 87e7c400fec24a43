/// How a Swift class looks from Lua: its name, methods, properties, metamethods and
/// constructor. A definition is plain data; ``LuaState/register(_:)`` makes it real in a
/// state, where it becomes a class table (`ui.View`) and a metatable for its objects.
///
/// ```swift
/// let counter = LuaClass<Counter>("demo.Counter")
/// counter.property("value", get: { $0.value }, set: { $0.value = $1 })
/// counter.method("increment") { counter, args in
///     counter.value += try args.get(2, default: 1)
///     return nil
/// }
/// counter.constructor { _ in Counter() }
/// ```
///
/// Lua finds, in this order: a property, a field of the object's own table (extensible
/// classes only), a method of its Lua class and its ancestors, a method of the Swift class
/// and its ancestors.
///
/// An object knows its class by something a script cannot change (not its metatable), and
/// a property read or assignment on anything else is an argument error, as if `obj.name`
/// were the call `name(obj)`: `bad argument #1 to 'title' (ui.Controller expected, got
/// ui.View)`. Assigning a name that is no property stores a field on extensible objects,
/// unless ``LuaClassDefinition/rejectsUnknownProperties`` is set, and is otherwise an error
/// with the likely intended name: `ui.Label has no property 'txt' (did you mean 'text'?)`.
public final class LuaClass<Object: AnyObject>: LuaClassDefinition {
    /// A class of objects that are not ``LuaExtensible`` (for those, the initializer of the
    /// same form makes the class extensible by default).
    ///
    /// Which of the two applies is decided where the class is named, not by asking the Swift
    /// runtime whether `Object` conforms: each such question costs a search of every
    /// conformance in the program (thousands), and every host registers dozens of classes.
    /// A generic `LuaClass<T>` names this one whatever `T` is at run time.
    ///
    /// - Parameters:
    ///   - name: the dotted name Lua shows (`"ui.View"`), also the metatable's `__name`.
    ///   - parent: the definition of `Object`'s superclass, whose members it inherits.
    ///   - extensible: whether Lua may extend the class and give its objects fields. Set it
    ///     for a class whose constructor makes objects of an extensible subclass; objects
    ///     that are not extensible still take no fields.
    public convenience init(_ name: String, parent: LuaClassDefinition? = nil, extensible: Bool = false) {
        assert(
            extensible || !(Object.self is LuaExtensible.Type),
            "LuaClass<\(Object.self)>(\"\(name)\") is extensible: name it with its type, or pass extensible: true")
        self.init(named: name, parent: parent, extensible: extensible)
    }

    private init(named name: String, parent: LuaClassDefinition?, extensible: Bool) {
        super.init(name: name, type: Object.self, parent: parent, isExtensible: extensible)
    }

    /// Adds a method that returns a value. Index 1 of the arguments is `self`, as in the C
    /// API, so the first argument after the colon is at index 2.
    public func method<Result: LuaPushable>(
        _ name: String, _ body: @escaping @MainActor (Object, LuaArguments) throws -> Result
    ) {
        methods.append(LuaMember(name, .counted(LuaState.returning(checkingSelf(body)))))
    }

    /// Adds a method that returns nothing.
    public func method(_ name: String, _ body: @escaping @MainActor (Object, LuaArguments) throws -> Void) {
        methods.append(LuaMember(name, .nothing(checkingSelf(body))))
    }

    /// Adds a function to the class table that is not a method (`ui.View.animate(...)`).
    public func classFunction<Result: LuaPushable>(
        _ name: String, _ body: @escaping @MainActor (LuaArguments) throws -> Result
    ) {
        classFunctions.append(LuaMember(name, .counted(LuaState.returning(body))))
    }

    /// Adds a function to the class table that returns nothing.
    public func classFunction(_ name: String, _ body: @escaping @MainActor (LuaArguments) throws -> Void) {
        classFunctions.append(LuaMember(name, .nothing(body)))
    }

    /// Wraps a method body with the check that `self` is an `Object`.
    private func checkingSelf<Result>(
        _ body: @escaping @MainActor (Object, LuaArguments) throws -> Result
    ) -> @MainActor (LuaArguments) throws -> Result {
        let className = name
        return { args in
            guard let object = args.stack.object(at: 1, as: Object.self) else {
                throw LuaArgumentError(index: 1, message: "\(className) expected, got \(args.stack.typeName(at: 1))")
            }
            return try body(object, args)
        }
    }

    /// Adds a read-only property.
    public func property<Value: LuaPushable>(_ name: String, get: @escaping @MainActor (Object) -> Value) {
        addGetter(name, get)
    }

    /// Adds a read-write property. A value that does not convert is an error naming the
    /// property: `bad value for property 'frame' of ui.View (table expected, got number)`.
    public func property<Value: LuaConvertible>(
        _ name: String,
        get: @escaping @MainActor (Object) -> Value,
        set: @escaping @MainActor (Object, Value) throws -> Void
    ) {
        addGetter(name, get)
        addSetter(name, set)
    }

    /// The getter of the property `name`; the option overloads share it.
    func addGetter<Value: LuaPushable>(_ name: String, _ get: @escaping @MainActor (Object) -> Value) {
        getters.append(LuaMember(name, .counted { args in
            get(args.stack.object(unchecked: 1, as: Object.self)).push(to: args.stack)
        }))
    }

    /// The setter of the property `name`: a value that does not convert, and whatever `set`
    /// throws, fail naming the property.
    func addSetter<Value: LuaConvertible>(_ name: String, _ set: @escaping @MainActor (Object, Value) throws -> Void) {
        let className = self.name
        setters.append(LuaMember(name, .nothing { args in
            let object = args.stack.object(unchecked: 1, as: Object.self)
            let value: Value
            do throws(LuaConversionError) {
                value = try Value.read(from: args.stack, at: 3)
            } catch {
                throw LuaPropertyError(message: "bad value for property '\(name)' of \(className) (\(error.message))")
            }
            // Whatever a setter throws (an option inside a list, a range the value leaves, a
            // refusal of the core) fails the same way: the property names the reason.
            do {
                try set(object, value)
            } catch {
                throw LuaPropertyError(message: "bad value for property '\(name)' of \(className) (\(LuaPropertyError.reason(of: error)))")
            }
        }))
    }

    /// Adds properties whose names are known only at run time (a stored object's attributes):
    /// `get` answers the names no property or method has, and `set` takes assignments to them.
    ///
    /// - Parameters:
    ///   - get: the value for `name`, or nil for a name the object does not have (Lua sees nil).
    ///   - set: stores the value at argument 3 under `name`; throws for an unknown name or a
    ///     value that does not fit.
    public func dynamicProperties(
        get: @escaping @MainActor (Object, String) throws -> (any LuaPushable)?,
        set: @escaping @MainActor (Object, String, LuaArguments) throws -> Void
    ) {
        dynamicGetter = .counted { args in
            let object = args.stack.object(unchecked: 1, as: Object.self)
            guard let name = args[2].stringValue, let value = try get(object, name) else {
                args.stack.pushNil()
                return 1
            }
            args.stack.pushOne(value)
            return 1
        }
        let className = self.name
        dynamicSetter = .nothing { args in
            let object = args.stack.object(unchecked: 1, as: Object.self)
            guard let name = args[2].stringValue else {
                throw LuaPropertyError(message: "\(className) has no property \(args[2].keyDescription)")
            }
            try set(object, name, args)
        }
    }

    /// Adds a metamethod (`__tostring`, `__len`, `__call`, `__lt`, ...) to the objects'
    /// metatable. `__index`, `__newindex` and `__gc` are the bridge's and cannot be replaced.
    public func metamethod<Result: LuaPushable>(
        _ name: String, _ body: @escaping @MainActor (LuaArguments) throws -> Result
    ) {
        precondition(!["__index", "__newindex", "__gc", "__metatable", "__name"].contains(name),
                     "\(name) belongs to the bridge")
        metamethods.append(LuaMember(name, .counted(LuaState.returning(body))))
    }

    /// Lets Lua create objects with `Class:new{ field = value, ... }`.
    ///
    /// - Parameters:
    ///   - keys: fields of the table that `make` consumes itself (construction-time options
    ///     such as a window's device); the others are assigned to the new object afterwards.
    ///   - make: creates the object; argument 2 is the fields table (or nil), arguments 3...
    ///     are the extra arguments of `new`.
    public func constructor(keys: [String] = [], _ make: @escaping @MainActor (LuaArguments) throws -> Object) {
        constructorKeys = keys
        constructor = { args in try make(args) }
    }
}

extension LuaClass where Object: LuaExtensible {
    /// A class of ``LuaExtensible`` objects: Lua may extend it and give its objects fields,
    /// unless `extensible` is false.
    public convenience init(_ name: String, parent: LuaClassDefinition? = nil, extensible: Bool = true) {
        self.init(named: name, parent: parent, extensible: extensible)
    }
}

/// The type-erased part of ``LuaClass``.
public class LuaClassDefinition {
    public let name: String
    let type: AnyObject.Type
    let parent: LuaClassDefinition?
    let isExtensible: Bool
    var methods: [LuaMember] = []
    var classFunctions: [LuaMember] = []
    var getters: [LuaMember] = []
    var setters: [LuaMember] = []
    var metamethods: [LuaMember] = []
    /// Whether assigning a name that is not a property to one of the class's own objects is
    /// an error ("ui.Label has no property 'txt' (did you mean 'text'?)") rather than a
    /// field stored on it. Objects of a Lua subclass (`ui.View:extend("Card")`) still take
    /// fields of their own. A definition inherits its parent's setting unless it sets one.
    public var rejectsUnknownProperties: Bool {
        get { ownRejectsUnknownProperties ?? parent?.rejectsUnknownProperties ?? false }
        set { ownRejectsUnknownProperties = newValue }
    }
    private var ownRejectsUnknownProperties: Bool?
    var constructor: ((LuaArguments) throws -> AnyObject)?
    var constructorKeys: [String] = []
    /// Properties `Class:new{ ... }` applies before the class's others, in this order: the
    /// bounds a value is checked against (a slider's `minimumValue` and `maximumValue`
    /// before its `value`, a segmented control's `segments` before its `selectedIndex`).
    /// The others follow in the order they were declared, ancestors' first, then fields no
    /// property names, by name: the same order in every run, whatever the order the
    /// table's keys come in.
    public var appliedFirst: [String] = []
    /// The strings each option property takes, by property: what a script may assign (or
    /// reads back), recorded as the property is added (see `LuaClass+Options.swift`).
    public var optionValues: [String: [String]] { optionLists.mapValues { $0() } }
    /// How to list each option property's strings: only what reads them lists them.
    var optionLists: [String: () -> [String]] = [:]
    /// The accessors of ``LuaClass/dynamicProperties(get:set:)``, stored under the key `true`
    /// of the getter and setter tables.
    var dynamicGetter: LuaNativeBody?
    var dynamicSetter: LuaNativeBody?

    init(name: String, type: AnyObject.Type, parent: LuaClassDefinition?, isExtensible: Bool) {
        self.name = name
        self.type = type
        self.parent = parent
        self.isExtensible = isExtensible
    }
}

/// A named Swift function of a class. A struct rather than a tuple, so that the closure is
/// stored as it is instead of behind a reabstraction thunk, which would cost every call.
struct LuaMember {
    let name: String
    let body: LuaNativeBody

    init(_ name: String, _ body: LuaNativeBody) {
        self.name = name
        self.body = body
    }
}

/// A property assignment that failed; raised with the assignment's position.
struct LuaPropertyError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }

    /// What `error` says, without the wrapping its type gives it.
    static func reason(of error: any Error) -> String {
        switch error {
        case let error as LuaConversionError: error.message
        case let error as LuaArgumentError: error.message
        case let error as LuaPropertyError: error.message
        case let error as LuaError: error.message
        case let error as CustomStringConvertible: error.description
        default: String(describing: error)
        }
    }
}
