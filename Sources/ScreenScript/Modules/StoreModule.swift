import Foundation
import LuaBridge
import ScreenStore

/// `store`: models, stores on SQLite, the object context and fetches, as DESIGN.md names them.
///
/// ```lua
/// local model = store.model{
///   DiaryEntry = { text = "string", creationTime = "date",
///                  medias = { toMany = "Medium", inverse = "entry", deleteRule = "cascade" } },
///   Medium = { kind = "string", entry = { toOne = "DiaryEntry", inverse = "medias" } },
/// }
/// local db = store.open(":memory:", model)
/// local entry = db.context:insert("DiaryEntry", { text = "Hello", creationTime = loop.time() })
/// db.context:save()
/// ```
///
/// Objects read and write attributes as fields, to-one relationships as objects and to-many
/// relationships as arrays. Sections, items and rows count from 1.
enum StoreModule {
    static let module = ScriptModule(name: "store") { host in .table(try open(host)) }

    static func open(_ host: ScriptHost) throws -> LuaTable {
        let lua = host.lua
        lua.register(ModelObject.lua)
        lua.register(storeClass())
        lua.register(contextClass(host: host))
        lua.register(objectClass(host: host))
        lua.register(FetchedResultsBindings.controllerClass(host: host))
        lua.register(FetchedResultsBindings.sectionClass())
        let table = lua.newTable()
        table.set("model", lua.function(lifetime: .state) { args in ModelObject(try parseModel(try args.get(1, as: LuaTable.self))) })
        table.set("open", lua.function(lifetime: .state) { [weak host] args -> PersistentStore in
            guard let host else { throw BindingError("the host is gone") }
            // store.open(path, model) or store.open(model) for the app's default file.
            let path: String
            let model: ModelObject
            if let first = args.stack.object(at: 1, as: ModelObject.self) {
                path = try defaultPath(for: host)
                model = first
            } else {
                let given = try args.get(1, as: String?.self)
                model = try args.get(2, as: ModelObject.self)
                path = try given.map { try resolve($0, for: host) } ?? defaultPath(for: host)
            }
            return try PersistentStore(path: path, model: model.model, notifications: host.loop.notifications)
        })
        table.set("didSave", StoreContext.didSaveNotification)
        table.set("objectsDidChange", StoreContext.objectsDidChangeNotification)
        return table
    }

    // MARK: - Models

    /// A model as Lua holds it (`store.Model`).
    final class ModelObject: LuaObject {
        let model: Model
        init(_ model: Model) { self.model = model }

        static let lua: LuaClass<ModelObject> = {
            let cls = LuaClass<ModelObject>("store.Model")
            cls.property("entities") { $0.model.entities.map(\.name) }
            return cls
        }()
    }

    /// A model from `{ Entity = { attribute = "type" | { type =, optional =, default =, indexed = },
    /// relationship = { toOne | toMany = "Entity", inverse =, deleteRule =, optional = } } }`.
    /// Entities and properties are sorted by name, so the same table always gives the same model.
    static func parseModel(_ table: LuaTable) throws -> Model {
        var entities: [Entity] = []
        for (key, value) in table.pairs.sorted(by: { $0.key.description < $1.key.description }) {
            guard let name = key.stringValue else { throw BindingError("entity names must be strings, got \(key)") }
            guard let properties = value.tableValue else {
                throw BindingError("entity \(name): a table of properties expected, got \(value.type)")
            }
            var attributes: [Attribute] = []
            var relationships: [Relationship] = []
            for (propertyKey, spec) in properties.pairs.sorted(by: { $0.key.description < $1.key.description }) {
                guard let property = propertyKey.stringValue else {
                    throw BindingError("entity \(name): property names must be strings, got \(propertyKey)")
                }
                let place = "\(name).\(property)"
                if objectFields.contains(property) || property.hasPrefix("__") {
                    throw BindingError(
                        "\(place): '\(property)' cannot be a property name: objects read it as their own field "
                            + "(taken: \(objectFields.sorted().joined(separator: ", ")) and names starting with __)")
                }
                if let typeName = spec.stringValue {
                    attributes.append(Attribute(property, try AttributeType(parsing: typeName, for: place)))
                    continue
                }
                guard let fields = spec.tableValue else {
                    throw BindingError("\(place): a type name or a table expected, got \(spec.type)")
                }
                if let relationship = try parseRelationship(fields, name: property, place: place) {
                    relationships.append(relationship)
                } else {
                    attributes.append(try parseAttribute(fields, name: property, place: place))
                }
            }
            entities.append(Entity(name, attributes: attributes, relationships: relationships))
        }
        return try Model(entities)
    }

    private static let attributeOptions = ["type", "optional", "default", "indexed"]
    private static let relationshipOptions = ["toOne", "toMany", "inverse", "deleteRule", "optional"]

    private static func parseAttribute(_ fields: LuaTable, name: String, place: String) throws -> Attribute {
        try checkOptions(fields, attributeOptions, place: "\(place) (an attribute)")
        guard let typeName = try fields.get("type", as: String?.self) else {
            throw BindingError("\(place): 'type' expected (or toOne/toMany for a relationship)")
        }
        let type = try AttributeType(parsing: typeName, for: place)
        let defaultValue = try StoreValueConversion.storeValue(fields["default"], for: type, place: place)
        return Attribute(
            name, type, optional: try fields.get("optional", as: Bool?.self) ?? false, default: defaultValue,
            indexed: try fields.get("indexed", as: Bool?.self) ?? false)
    }

    private static func parseRelationship(_ fields: LuaTable, name: String, place: String) throws -> Relationship? {
        let toOne = try fields.get("toOne", as: String?.self)
        let toMany = try fields.get("toMany", as: String?.self)
        guard let destination = toOne ?? toMany else { return nil }
        try checkOptions(fields, relationshipOptions, place: "\(place) (a relationship)")
        if toOne != nil && toMany != nil {
            throw BindingError("\(place): a relationship is either toOne or toMany, not both")
        }
        let ruleName = try fields.get("deleteRule", as: String?.self) ?? "nullify"
        guard let rule = DeleteRule(rawValue: ruleName) else {
            throw BindingError("\(place): unknown delete rule '\(ruleName)' (expected nullify, cascade or deny)")
        }
        return Relationship(
            name, destination: destination, toMany: toMany != nil, inverse: try fields.get("inverse", as: String?.self),
            deleteRule: rule, optional: try fields.get("optional", as: Bool?.self) ?? true)
    }

    /// Refuses a key of an options table that is not one of `valid`, so that a misspelt
    /// option (`optinal`, `predicate`) is an error rather than silently ignored.
    static func checkOptions(_ table: LuaTable, _ valid: [String], place: String) throws {
        for (key, _) in table.pairs {
            guard let name = key.stringValue, valid.contains(name) else {
                let shown = key.stringValue.map { "'\($0)'" } ?? "\(key)"
                throw BindingError("\(place): unknown key \(shown) (valid keys: \(valid.joined(separator: ", ")))")
            }
        }
    }

    // MARK: - Paths

    private static func defaultPath(for host: ScriptHost) throws -> String {
        try resolve("store.sqlite", for: host)
    }

    /// `:memory:` and absolute paths as given; a relative path inside the app's data directory
    /// (``ScriptHost/dataDirectory``), made when first needed.
    private static func resolve(_ path: String, for host: ScriptHost) throws -> String {
        if path == ":memory:" || path.hasPrefix("/") { return path }
        let directory = host.useDataDirectory()
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw BindingError("cannot create the data directory \(directory): \(error.localizedDescription)")
        }
        return (directory as NSString).appendingPathComponent(path)
    }

    // MARK: - Stores and contexts

    private static func storeClass() -> LuaClass<PersistentStore> {
        let cls = LuaClass<PersistentStore>("store.Store")
        cls.property("context") { $0.context }
        cls.property("path") { $0.path }
        return cls
    }

    private static func contextClass(host: ScriptHost) -> LuaClass<StoreContext> {
        let cls = LuaClass<StoreContext>("store.Context")
        cls.property("hasChanges") { $0.hasChanges }
        cls.property("insertedObjects") { $0.insertedObjects }
        cls.property("updatedObjects") { $0.updatedObjects }
        cls.property("deletedObjects") { $0.deletedObjects }
        cls.method("insert") { [weak host] context, args in
            defer { scheduleProcessing(of: context, host: host) }
            let entityName = try args.get(2, as: String.self)
            // Every value is converted before anything is inserted: a bad one leaves no object behind.
            var properties: [String: PropertyValue] = [:]
            if let values = try args.get(3, as: LuaTable?.self) {
                guard let entity = context.model.entity(named: entityName) else { throw StoreError.unknownEntity(entityName) }
                for (key, value) in values.pairs {
                    guard let name = key.stringValue else { throw args.error(3, "field names must be strings") }
                    properties[name] = try propertyValue(value, for: name, of: entity)
                }
            }
            return try context.insert(entityName, properties: properties)
        }
        cls.method("delete") { [weak host] context, args in
            defer { scheduleProcessing(of: context, host: host) }
            try context.delete(try args.get(2, as: ManagedObject.self))
        }
        cls.method("save") { context, _ in try context.save() }
        cls.method("rollback") { context, _ in context.rollback() }
        cls.method("refresh") { context, args in try context.refresh(try args.get(2, as: ManagedObject.self)) }
        cls.method("processPendingChanges") { context, _ in context.processPendingChanges() }
        cls.method("fetch") { context, args in try context.fetch(try fetchRequest(args, 2)) }
        cls.method("count") { context, args in try context.count(for: try fetchRequest(args, 2)) }
        cls.method("fetchedResults") { [weak host] context, args in
            guard let host else { throw BindingError("the host is gone") }
            return try FetchedResultsBindings.make(context, args, host: host)
        }
        return cls
    }

    /// A fetch request from `{ entity =, where =, args = {...}, sort = { "-key", ... }, limit =, offset = }`.
    /// A sort key starting with `-` is descending; one ending in `:i` compares case-insensitively.
    static func fetchRequest(_ args: LuaArguments, _ index: Int32, extraOptions: [String] = []) throws -> FetchRequest {
        let options = try args.get(index, as: LuaTable.self)
        let entity = try options.get("entity", as: String.self)
        try checkOptions(
            options, ["entity", "where", "args", "sort", "limit", "offset"] + extraOptions,
            place: "\(extraOptions.isEmpty ? "fetch request" : "fetched results request") for \(entity)")
        var predicate: ScreenStore.Predicate?
        if let format = try options.get("where", as: String?.self) {
            let values = try options.get("args", as: LuaTable?.self)?.array ?? []
            predicate = try ScreenStore.Predicate(format: format, arguments: values.map(predicateArgument))
        }
        let sort = try options.get("sort", as: [String]?.self) ?? []
        return FetchRequest(
            entity, predicate: predicate, sortedBy: sort.map(sortKey),
            limit: try options.get("limit", as: Int?.self), offset: try options.get("offset", as: Int?.self) ?? 0)
    }

    /// `"-name"` descending, `"name:i"` case-insensitive.
    static func sortKey(_ text: String) -> SortKey {
        var keyPath = Substring(text)
        let caseInsensitive = keyPath.hasSuffix(":i")
        if caseInsensitive { keyPath = keyPath.dropLast(2) }
        let descending = keyPath.hasPrefix("-")
        if descending || keyPath.hasPrefix("+") { keyPath = keyPath.dropFirst() }
        return SortKey(String(keyPath), ascending: !descending, caseInsensitive: caseInsensitive)
    }

    /// A `%@` argument: a value, a list (a Lua array, for IN and BETWEEN) or an object.
    private static func predicateArgument(_ value: LuaValue) throws -> PredicateArgument {
        switch value {
        case .userdata(let userdata):
            guard let object = userdata.object(as: ManagedObject.self) else {
                throw BindingError("predicate argument: a stored object expected, got \(value)")
            }
            return .object(object)
        case .table(let table):
            let items = table.array
            let objects = items.compactMap { item -> ManagedObject? in
                if case .userdata(let userdata) = item { return userdata.object(as: ManagedObject.self) }
                return nil
            }
            if !objects.isEmpty {
                guard objects.count == items.count else {
                    throw BindingError("predicate argument: a list holds objects or values, not both")
                }
                return .objects(objects)
            }
            return .list(try items.map { try StoreValueConversion.storeValue($0, for: nil, place: "predicate argument") })
        default:
            return .value(try StoreValueConversion.storeValue(value, for: nil, place: "predicate argument"))
        }
    }

    // MARK: - Change processing

    /// Contexts with a `processPendingChanges` waiting in the loop.
    private static var scheduled: Set<ObjectIdentifier> = []

    /// Processes the context's changes at the end of the loop step, as Core Data does at the
    /// end of an event: `store.objectsDidChange` is posted once for everything a step
    /// changed, and fetched results controllers follow unsaved changes too.
    static func scheduleProcessing(of context: StoreContext?, host: ScriptHost?) {
        guard let context, let host else { return }
        let id = ObjectIdentifier(context)
        guard scheduled.insert(id).inserted else { return }
        host.loop.defer { [weak context] in
            scheduled.remove(id)
            context?.processPendingChanges()
        }
    }

    // MARK: - Objects

    /// The names an object answers itself, before its attributes and relationships: a
    /// property of the model may not take one. `new` and `extend` come from every class.
    static let objectFields: Set<String> = [
        "entityName", "isInserted", "isUpdated", "isDeleted", "hasChanges", "add", "remove", "new", "extend",
    ]

    private static func objectClass(host: ScriptHost) -> LuaClass<ManagedObject> {
        let cls = LuaClass<ManagedObject>("store.Object")
        cls.property("entityName") { $0.entity.name }
        cls.property("isInserted") { $0.isInserted }
        cls.property("isUpdated") { $0.isUpdated }
        cls.property("isDeleted") { $0.isDeleted }
        cls.property("hasChanges") { $0.hasChanges }
        cls.method("add") { [weak host] object, args in
            defer { scheduleProcessing(of: object.context, host: host) }
            try object.add(try args.get(3, as: ManagedObject.self), toKey: try args.get(2, as: String.self))
        }
        cls.method("remove") { [weak host] object, args in
            defer { scheduleProcessing(of: object.context, host: host) }
            try object.remove(try args.get(3, as: ManagedObject.self), fromKey: try args.get(2, as: String.self))
        }
        cls.dynamicProperties(get: { object, name in
            switch object.keyValue(forKey: name) {
            case .attribute(let value)?: return StoreValueConversion(value: value)
            case .toOne(let destination)?: return destination as? ManagedObject
            case .toMany?: return try object.objects(forKey: name)
            case nil: return nil
            }
        }, set: { [weak host] object, name, args in
            defer { scheduleProcessing(of: object.context, host: host) }
            try assign(args[3], to: name, of: object)
        })
        return cls
    }

    /// Sets an attribute, a to-one (an object or nil) or a to-many (an array of objects, or nil
    /// for none).
    static func assign(_ value: LuaValue, to name: String, of object: ManagedObject) throws {
        switch try propertyValue(value, for: name, of: object.entity) {
        case .attribute(let value): try object.setValue(value, forKey: name)
        case .object(let destination): try object.setObject(destination, forKey: name)
        case .objects(let members): try object.setObjects(members, forKey: name)
        }
    }

    /// A Lua value as the value of property `name` of `entity`.
    /// - Throws: a message naming `Entity.name` and what was given, when it does not fit.
    static func propertyValue(_ value: LuaValue, for name: String, of entity: Entity) throws -> PropertyValue {
        let place = "\(entity.name).\(name)"
        if let attribute = entity.attribute(named: name) {
            return .attribute(try StoreValueConversion.storeValue(value, for: attribute.type, place: place))
        }
        guard let relationship = entity.relationship(named: name) else {
            throw BindingError("\(entity.name) has no attribute or relationship '\(name)'")
        }
        if !relationship.isToMany {
            guard value.isNil || value.type == .userdata else {
                throw BindingError("\(place): an object or nil expected, got \(value.type)")
            }
            return .object(value.isNil ? nil : try objectValue(value, place: place))
        }
        if value.isNil { return .objects([]) }
        guard let list = value.tableValue else {
            throw BindingError(
                "\(place): an array of \(relationship.destination) objects (or nil for none) expected, got \(describe(value)); "
                    + "use :add('\(name)', object) to add one")
        }
        let items = list.array
        guard items.count == list.pairs.count else {
            throw BindingError("\(place): an array of \(relationship.destination) objects expected, got a table with other keys")
        }
        return .objects(try items.map { item in
            guard case .userdata(let userdata) = item, let member = userdata.object(as: ManagedObject.self) else {
                throw BindingError("\(place): an array of \(relationship.destination) objects expected, got \(describe(item)) in it")
            }
            return member
        })
    }

    /// A value as messages show it: its type, and an object's entity.
    private static func describe(_ value: LuaValue) -> String {
        if case .userdata(let userdata) = value, let object = userdata.object(as: ManagedObject.self) {
            return "a single object (\(object.entity.name))"
        }
        if case .string(let text) = value { return "a string (\"\(text.description.prefix(40))\")" }
        return "a \(value.type)"
    }

    private static func objectValue(_ value: LuaValue, place: String) throws -> ManagedObject {
        guard case .userdata(let userdata) = value, let object = userdata.object(as: ManagedObject.self) else {
            throw BindingError("\(place): a stored object expected, got \(value.type)")
        }
        return object
    }
}
