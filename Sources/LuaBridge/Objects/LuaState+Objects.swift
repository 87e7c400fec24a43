import CLua
import LuaShim

/// A registered class, realized in one state.
final class LuaRealizedClass {
    let definition: LuaClassDefinition
    /// Registry references of the objects' metatable and of the class table.
    let metatable: Int32
    let classTable: Int32
    /// The fields `new` leaves to the constructor, as a set table.
    let constructorKeys: Int32
    /// The class as the metamethods know it, stored in each object (see `lsh_newclassmetatable`).
    let token: UnsafeMutableRawPointer
    /// Registry references of the getter and setter tables the metatable's `__index` and
    /// `__newindex` use, which a subclass's tables start from.
    let getters: Int32
    let setters: Int32

    init(
        definition: LuaClassDefinition, metatable: Int32, classTable: Int32, constructorKeys: Int32,
        token: UnsafeMutableRawPointer, getters: Int32, setters: Int32
    ) {
        self.definition = definition
        self.metatable = metatable
        self.classTable = classTable
        self.constructorKeys = constructorKeys
        self.token = token
        self.getters = getters
        self.setters = setters
    }
}

/// A Swift object that Lua sees as a userdata of its registered ``LuaClass``.
/// Conform a class to push and read its objects directly:
///
/// ```swift
/// extension Counter: LuaObject {}
/// lua.globals["counter"] = .userdata(...)  // or return a Counter from a LuaFunctionBody
/// ```
@MainActor
public protocol LuaObject: AnyObject, LuaPushable, LuaReadable {}

extension LuaObject {
    public func push(to stack: LuaStack) -> Int32 {
        stack.state.pushObject(self, on: stack.L)
        return 1
    }

    public static func read(from stack: LuaStack, at index: Int32) throws(LuaConversionError) -> Self {
        guard let object = stack.object(at: index, as: Self.self) else {
            throw stack.typeError(stack.state.className(of: Self.self), at: index)
        }
        return object
    }
}

extension LuaStack {
    /// The Swift object in the userdata at `index`, when it is one of type `T`.
    public func object<T: AnyObject>(at index: Int32, as type: T.Type = T.self) -> T? {
        guard let pointer = lsh_toobject(L, index) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? T
    }

    /// The object at `index`, which the caller knows to be a `T`: a property accessor,
    /// reached only through the metatable of `T` or one of its subclasses.
    func object<T: AnyObject>(unchecked index: Int32, as type: T.Type) -> T {
        let object = Unmanaged<AnyObject>.fromOpaque(lsh_toobject(L, index)!).takeUnretainedValue()
        #if DEBUG
        precondition(object is T, "a property of \(T.self) was read from a \(Swift.type(of: object))")
        #endif
        return unsafeDowncast(object, to: T.self)
    }

    /// Pushes `object` as its registered class (the same userdata every time while Lua
    /// holds it). Stack: [-0, +1, -]
    public func push(object: AnyObject) {
        state.pushObject(object, on: L)
    }
}

extension LuaState {
    /// The raw field that marks a class table as a Swift class's.
    static let swiftClassKey = "__swift"

    /// Makes a class definition (and its ancestors) real in this state and returns its
    /// class table, which scripts use as `Class:new{...}`, `Class:extend("Name")` and
    /// `Class.method(object, ...)`. Registering the same class again returns the same table.
    @discardableResult
    public func register(_ definition: LuaClassDefinition) -> LuaTable {
        let realized = realize(definition)
        let L = currentThread
        return withStackEffect(L, 0) {
            LuaStack(L, self).reserve(1)
            lua_getref(L, realized.classTable)
            return LuaTable(popping: L, state: self)
        }
    }

    /// A fresh environment for untrusted code: the pure standard functions, `load` for text
    /// only, no `io`, `debug`, `package`, `require`, `dofile`, `os.execute` or string
    /// metatable access. Pass it as `environment:` to ``load(_:name:mode:environment:)``.
    public func makeSandbox() throws(LuaError) -> LuaTable {
        let L = prepareCall()
        return try withStackEffect(L, 0) { () throws(LuaError) -> LuaTable in
            LuaStack(L, self).reserve(2)
            pushPreludeField("sandbox", on: L)
            try protectedCall(on: L, arguments: 0, results: 1)
            return LuaTable(popping: L, state: self)
        }
    }

    /// The Lua name of `type`'s registered class, or the Swift name when it has none.
    func className(of type: AnyClass) -> String {
        realizedClass(for: type)?.definition.name ?? String(describing: type)
    }

    // MARK: - Pushing objects

    /// Pushes `object` as a userdata of its class, reusing the userdata Lua already has.
    /// Stack: [-0, +1, -]
    func pushObject(_ object: AnyObject, on L: OpaquePointer) {
        withStackEffect(L, 1) {
            LuaStack(L, self).reserve(4)
            let key = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
            lua_getref(L, identityTable)
            if lua_rawgetp(L, -1, key) == LUA_TUSERDATA, lsh_toobject(L, -1) == UnsafeMutableRawPointer(mutating: key) {
                lua_remove(L, -2)
                return
            }
            lua_pop(L, 1)
            let realized = realizedClass(for: type(of: object)) ?? realize(anonymousDefinition(for: type(of: object)))
            lsh_newobject(L, Unmanaged.passRetained(object).toOpaque(), realized.token)
            lua_getref(L, realized.metatable)
            lua_setmetatable(L, -2)
            if realized.definition.isExtensible, let extensible = object as? LuaExtensible {
                // The Lua side of a state that was closed is replaced; an object another open
                // state extends is shown here without its fields (a script cannot crash the host).
                var peer = extensible.luaPeer
                if peer.map({ !$0.lifetime.isOpen }) ?? true {
                    peer = makePeer(for: extensible, classTable: realized.classTable, on: L)
                }
                if let peer, peer.lifetime === lifetime {
                    lua_getref(L, peer.instanceTable)
                    lua_setiuservalue(L, -2, 1)
                }
            }
            lua_pushvalue(L, -1)
            lua_rawsetp(L, -3, key)
            lua_remove(L, -2)
        }
    }

    /// Gives an extensible object its field table, whose metatable is the class table
    /// `classTable` refers to.
    private func makePeer(for object: LuaExtensible, classTable: Int32, on L: OpaquePointer) -> LuaPeer {
        lua_getref(L, classTable)
        return makePeer(for: object, classAt: -1, on: L, popClass: true)
    }

    /// Stack: [-(popClass ? 1 : 0), +0, -]
    private func makePeer(for object: LuaExtensible, classAt index: Int32, on L: OpaquePointer, popClass: Bool) -> LuaPeer {
        let classIndex = lua_absindex(L, index)
        lua_createtable(L, 0, 4)
        lua_pushvalue(L, classIndex)
        // The class may be a script's, with a __gc of its own.
        lsh_setmetatable(L, -2)
        let peer = LuaPeer(state: self, instanceTable: lua_makeref(L))
        if popClass { lua_pop(L, 1) }
        object.luaPeer = peer
        return peer
    }

    // MARK: - Realizing classes

    func realizedClass(for type: AnyClass) -> LuaRealizedClass? {
        if let realized = classesByDynamicType[ObjectIdentifier(type)] { return realized }
        var candidate: AnyClass? = type
        while let current = candidate {
            if let realized = classes[ObjectIdentifier(current)] {
                classesByDynamicType[ObjectIdentifier(type)] = realized
                return realized
            }
            candidate = _getSuperclass(current)
        }
        if let register = registersDeferredClasses {
            registersDeferredClasses = nil
            register()
            return realizedClass(for: type)
        }
        return nil
    }

    private func anonymousDefinition(for type: AnyClass) -> LuaClassDefinition {
        LuaClassDefinition(name: String(reflecting: type), type: type, parent: nil, isExtensible: false)
    }

    private func realize(_ definition: LuaClassDefinition) -> LuaRealizedClass {
        if let realized = classes[ObjectIdentifier(definition.type)] { return realized }
        let parent = definition.parent.map(realize)
        // The realized class of the parent's Swift type is that of another definition when
        // two name one type: then its accessors are not the ones to start from.
        let inherited = parent.flatMap { $0.definition === definition.parent ? $0 : nil }
        let L = currentThread
        let realized = withStackEffect(L, 0) {
            LuaStack(L, self).reserve(12)
            pushClassTable(definition, parent: parent, on: L)
            let classIndex = lua_gettop(L)
            pushAccessorTable(definition, setters: false, inheriting: inherited?.getters, on: L)
            lua_pushvalue(L, -1)
            let getters = lua_makeref(L)
            pushAccessorTable(definition, setters: true, inheriting: inherited?.setters, on: L)
            lua_pushvalue(L, -1)
            let setters = lua_makeref(L)
            lua_pushvalue(L, classIndex)
            lua_pushswiftstring(L, definition.name)
            let token = lsh_newclassmetatable(L, definition.rejectsUnknownProperties ? 1 : 0)!
            for member in Self.ancestry(of: definition).flatMap(\.metamethods) {
                pushFunction(member.body, lifetime: .state, on: L)
                lua_setfield(L, -2, member.name)
            }
            let metatable = lua_makeref(L)
            let classTable = lua_makeref(L)
            lua_createtable(L, 0, Int32(definition.constructorKeys.count))
            for key in definition.constructorKeys {
                lua_pushboolean(L, 1)
                lua_setfield(L, -2, key)
            }
            let keys = lua_makeref(L)
            return LuaRealizedClass(
                definition: definition, metatable: metatable, classTable: classTable, constructorKeys: keys, token: token,
                getters: getters, setters: setters)
        }
        classes[ObjectIdentifier(definition.type)] = realized
        classesByDynamicType.removeAll()
        return realized
    }

    /// The definition and its ancestors, root first, so that nearer classes override.
    private static func ancestry(of definition: LuaClassDefinition) -> [LuaClassDefinition] {
        var chain: [LuaClassDefinition] = []
        var current: LuaClassDefinition? = definition
        while let definition = current {
            chain.append(definition)
            current = definition.parent
        }
        return chain.reversed()
    }

    /// Pushes the class table: methods, class functions, `new`, `extend`, `super`, and the
    /// parent's class table as its metatable, so that lookups walk up the chain.
    /// Stack: [-0, +1, -]
    private func pushClassTable(_ definition: LuaClassDefinition, parent: LuaRealizedClass?, on L: OpaquePointer) {
        lua_createtable(L, 0, Int32(definition.methods.count + definition.classFunctions.count + 8))
        let table = lua_gettop(L)
        for member in definition.methods + definition.classFunctions {
            pushFunction(member.body, lifetime: .state, on: L)
            lua_setfield(L, table, member.name)
        }
        lua_pushvalue(L, table)
        lua_setfield(L, table, "__index")
        lua_pushswiftstring(L, definition.name)
        lua_setfield(L, table, "__name")
        lua_pushboolean(L, 1)
        lua_setfield(L, table, LuaState.swiftClassKey)
        lua_pushboolean(L, definition.isExtensible ? 1 : 0)
        lua_setfield(L, table, "__extensible")
        pushFunction(.counted(constructBody(for: definition)), lifetime: .state, on: L)
        lua_setfield(L, table, "__construct")
        for name in ["new", "extend"] {
            pushPreludeField(name, on: L)
            lua_setfield(L, table, name)
        }
        pushFieldRanks(definition, on: L)
        lua_setfield(L, table, "__fieldrank")
        pushPreludeField("classtostring", on: L)
        lua_setfield(L, table, "__tostring")
        pushPreludeField("classnewindex", on: L)
        lua_setfield(L, table, "__newindex")
        if let parent {
            lua_getref(L, parent.classTable)
            lua_setfield(L, table, "super")
            lua_getref(L, parent.classTable)
        } else {
            pushPreludeField("classmeta", on: L)
        }
        lua_setmetatable(L, table)
    }

    /// Pushes the table from property names to the place `new` applies them in (see
    /// ``LuaClassDefinition/appliedFirst``): the properties applied first, ancestors' first,
    /// then every settable property in declared order, ancestors' first.
    /// Stack: [-0, +1, -]
    private func pushFieldRanks(_ definition: LuaClassDefinition, on L: OpaquePointer) {
        let chain = Self.ancestry(of: definition)
        var rank: Int64 = 0
        lua_createtable(L, 0, 16)
        // The table itself says which names have their rank: no set of strings to build.
        func add(_ name: String) {
            if lua_getfield(L, -1, name) == LUA_TNIL {
                rank += 1
                lua_pushinteger(L, rank)
                lua_setfield(L, -3, name)
            }
            lua_pop(L, 1)
        }
        for class_ in chain {
            for name in class_.appliedFirst { add(name) }
        }
        for class_ in chain {
            for member in class_.setters { add(member.name) }
        }
    }

    /// Pushes a table from property names to boxes of their accessors, ancestors first.
    /// Stack: [-0, +1, -]
    ///
    /// `inherited`, the parent's table of the same kind, already holds what the ancestors
    /// give: the table starts as a copy of it (the same boxed functions, not new ones for
    /// each subclass), and the class's own accessors go over it.
    private func pushAccessorTable(
        _ definition: LuaClassDefinition, setters isSetters: Bool, inheriting inherited: Int32?, on L: OpaquePointer
    ) {
        let own: [LuaClassDefinition]
        if let inherited {
            lua_getref(L, inherited)
            lua_createtable(L, 0, 8)
            lua_pushnil(L)
            while lua_next(L, -3) != 0 {
                lua_pushvalue(L, -2)
                lua_insert(L, -2)
                lua_rawset(L, -4)
            }
            lua_remove(L, -2)
            own = [definition]
        } else {
            lua_createtable(L, 0, 8)
            own = Self.ancestry(of: definition)
        }
        for class_ in own {
            for member in isSetters ? class_.setters : class_.getters {
                lsh_pushbox(L, Unmanaged.passRetained(nativeBox(member.body)).toOpaque())
                lua_setfield(L, -2, member.name)
            }
        }
        if let body = own.reversed().lazy.compactMap({ isSetters ? $0.dynamicSetter : $0.dynamicGetter }).first {
            lua_pushboolean(L, 1)
            lsh_pushbox(L, Unmanaged.passRetained(nativeBox(body)).toOpaque())
            lua_rawset(L, -3)
        }
        if isSetters {
            lua_pushboolean(L, 0)
            lsh_pushbox(L, Unmanaged.passRetained(nativeBox(unknownPropertyBody(for: definition))).toOpaque())
            lua_rawset(L, -3)
        }
    }

    /// What assigning a name that is not a property does, where the object takes no field
    /// for it: "ui.Label has no property 'txt' (did you mean 'text'?)", naming a key that is
    /// not a string as Lua writes it in a table constructor (`ui.View has no property [1]`).
    /// The names suggested are the settable properties and the methods, which such an object
    /// takes its own version of (`function label:drwa()` meant `draw`).
    private func unknownPropertyBody(for definition: LuaClassDefinition) -> LuaNativeBody {
        // The names are gathered when the error happens: a class's start does not pay for
        // every class's list.
        .nothing { args in
            let key = args[2]
            let hint = key.stringValue.map { name in
                let properties = LuaState.ancestry(of: definition).flatMap { $0.setters + $0.methods }.map(\.name)
                return LuaSuggestion.hint(for: name, among: properties)
            } ?? ""
            throw LuaPropertyError(message: "\(definition.name) has no property \(key.keyDescription)\(hint)")
        }
    }

    /// The `__construct` primitive behind `Class:new`: makes the object, gives an
    /// extensible one a field table whose metatable is the class `new` was called on, and
    /// returns the object and the set of fields the constructor consumed.
    private func constructBody(for definition: LuaClassDefinition) -> LuaFunctionBody {
        { [unowned(unsafe) self] args in
            guard args.type(at: 1) == .table else {
                throw args.error(1, "class expected, got \(args.stack.typeName(at: 1))")
            }
            guard let make = definition.constructor else {
                throw LuaPropertyError(message: "\(definition.name) objects cannot be created from Lua")
            }
            let object = try make(args)
            let L = args.stack.L
            if let extensible = object as? LuaExtensible, extensible.luaPeer == nil {
                _ = makePeer(for: extensible, classAt: 1, on: L, popClass: false)
            }
            return ConstructedObject(object: object, keys: realize(definition).constructorKeys).push(to: args.stack)
        }
    }

    /// Pushes a field of the prelude table. Stack: [-0, +1, -]
    func pushPreludeField(_ name: String, on L: OpaquePointer) {
        lua_getref(L, prelude)
        lua_pushswiftstring(L, name)
        lua_rawget(L, -2)
        lua_remove(L, -2)
    }

    /// Counts the chunks `names` (as loaded: `=ui`, `@main.lua`) as the host's own, as the
    /// bridge counts its prelude: where a class was made (`extend`) is then the first frame
    /// outside them, the script's.
    public func hideFromCallers(chunks names: some Sequence<String>) throws(LuaError) {
        let L = prepareCall()
        for name in names {
            try withStackEffect(L, 0) { () throws(LuaError) in
                pushPreludeField("hide", on: L)
                lua_pushswiftstring(L, name)
                try protectedCall(on: L, arguments: 1, results: 0)
            }
        }
    }

    /// Runs the prelude and keeps its table.
    func loadPrelude() throws(LuaError) {
        let chunk = try luaPrelude.load(in: self)
        let L = prepareCall()
        try withStackEffect(L, 0) { () throws(LuaError) in
            chunk.pushReferenced(on: L)
            lua_pushswiftstring(L, LuaState.swiftClassKey)
            lua_pushcclosure(L, lsh_classnewindex, 0)
            try protectedCall(on: L, arguments: 2, results: 1)
            prelude = lua_makeref(L)
            pushPreludeField("wrapcollect", on: L)
            pushFunction(.nothing { [unowned self] _ in releasePendingReferences() }, lifetime: .state, on: L)
            try protectedCall(on: L, arguments: 1, results: 0)
        }
    }
}

/// The two results of `__construct`.
private struct ConstructedObject: LuaPushable {
    let object: AnyObject
    let keys: Int32

    func push(to stack: LuaStack) -> Int32 {
        stack.state.pushObject(object, on: stack.L)
        lua_getref(stack.L, keys)
        return 2
    }
}
