import Foundation
import LuaBridge
import ScreenStore

/// `store`: models, stores on SQLite, the object context, fetches and fetched results.
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
        // The functions registered here hold what this host's store keeps; nothing is static.
        let state = StoreHostState(host: host)
        let table = lua.newTable()
        host.registry.register([
            ScriptClass(ModelObject.lua, .objects),
            ScriptClass(storeClass(), .objects),
            ScriptClass(contextClass(state: state), .objects),
            ScriptClass(objectClass(state: state), .objects),
            ScriptClass(FetchedResultsBindings.controllerClass(state: state, host: host), .objects),
            ScriptClass(FetchedResultsBindings.sectionClass(), .objects),
            ScriptClass(ScriptIndexPath.lua, .objects),
        ], in: table)
        table.set("model", lua.function(lifetime: .state) { args in
            let definition = try args.get(1, as: LuaTable.self)
            do {
                return ModelObject(try parseModel(definition))
            } catch let error as ModelError {
                throw args.error(1, error.message)
            }
        })
        table.set("open", lua.function(lifetime: .state) { [weak host] args -> PersistentStore in
            guard let host else { throw ScriptHost.gone }
            let (given, model) = try openArguments(args)
            let path = try given.map { try resolve($0, for: host) } ?? defaultPath(for: host)
            return try PersistentStore(path: path, model: model.model, notifications: host.loop.notifications)
        })
        table.set("didSave", StoreContext.didSaveNotification)
        table.set("objectsDidChange", StoreContext.objectsDidChangeNotification)
        return table
    }

    /// `store.open` as a plugin has it: the file stays inside the app's data directory, by
    /// its real path, and must be a regular file; a model the file cannot take is refused
    /// with what differs in the plugin's model, never what the file holds.
    static func pluginOpen(_ host: ScriptHost) -> LuaFunction {
        host.lua.function(lifetime: .state) { [weak host] args -> PersistentStore in
            guard let host else { throw ScriptHost.gone }
            let (given, model) = try openArguments(args)
            var path = ":memory:"
            if given != ":memory:" {
                let directory = try madeDataDirectory(for: host)
                switch PluginFiles.storePath(given ?? "store.sqlite", dataDirectory: directory) {
                case .success(let real): path = real
                case .failure(let refusal): throw args.error(1, refusal.message)
                }
            }
            do {
                return try PersistentStore(path: path, model: model.model, notifications: host.loop.notifications, disclosesFile: false)
            } catch StoreError.migrationRefused(_, let changes) {
                // Named as the plugin named it, not by the data directory's real path.
                throw StoreError.migrationRefused(path: given ?? "store.sqlite", changes: changes)
            }
        }
    }

    /// `store.open(path, model)`, `store.open(nil, model)` or `store.open(model)`: the path
    /// given (nil for the app's default file) and the model.
    private static func openArguments(_ args: LuaArguments) throws -> (String?, ModelObject) {
        if let first = args.stack.object(at: 1, as: ModelObject.self) { return (nil, first) }
        let given = try args.get(1, as: String?.self)
        // SQLite takes the path as a C string: the part after a NUL would be dropped.
        if given?.contains("\0") == true { throw args.error(1, "a path cannot hold a NUL byte") }
        return (given, try args.get(2, as: ModelObject.self))
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
    /// - Throws: ``LuaArgumentError`` for argument 1 naming the entity and property, or
    ///   ``ModelError`` when the entities do not fit together.
    static func parseModel(_ table: LuaTable) throws -> Model {
        var entities: [Entity] = []
        for (key, value) in table.pairs.sorted(by: { $0.key.description < $1.key.description }) {
            guard let name = key.stringValue else { throw refusal("entity names must be strings, got the key \(key.keyDescription)") }
            guard let properties = value.tableValue else {
                throw refusal("entity \(name): a table of properties expected, got \(describe(value))")
            }
            var attributes: [Attribute] = []
            var relationships: [Relationship] = []
            for (propertyKey, spec) in properties.pairs.sorted(by: { $0.key.description < $1.key.description }) {
                guard let property = propertyKey.stringValue else {
                    throw refusal("entity \(name): property names must be strings, got the key \(propertyKey.keyDescription)")
                }
                let place = "\(name).\(property)"
                if objectFields.contains(property) || property.hasPrefix("__") {
                    throw refusal(
                        "\(place): '\(property)' cannot be a property name: objects read it as their own field "
                            + "(taken: \(objectFields.sorted().joined(separator: ", ")) and names starting with __)")
                }
                if let typeName = spec.stringValue {
                    attributes.append(Attribute(property, try attributeType(typeName, place: place)))
                    continue
                }
                guard let fields = spec.tableValue else {
                    throw refusal("\(place): a type name or a table expected, got \(describe(spec))")
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

    /// A refusal of the model table, `store.model`'s only argument.
    private static func refusal(_ message: String) -> LuaArgumentError {
        LuaArgumentError(index: 1, message: message)
    }

    /// The field `key` of a property's table as `T`, or the refusal naming the property.
    private static func field<T: LuaReadable>(_ fields: LuaTable, _ key: String, as type: T.Type, place: String) throws -> T {
        do {
            return try fields.get(key, as: T.self)
        } catch {
            throw refusal("\(place): \(error.message)")
        }
    }

    private static func attributeType(_ name: String, place: String) throws -> AttributeType {
        guard let type = AttributeType(rawValue: name) else {
            throw refusal("\(place): \(LuaOption.invalid(name, among: AttributeType.allCases.map(\.rawValue)).message)")
        }
        return type
    }

    private static func parseAttribute(_ fields: LuaTable, name: String, place: String) throws -> Attribute {
        try checkOptions(fields, attributeOptions, place: "\(place) (an attribute)")
        guard let typeName = try field(fields, "type", as: String?.self, place: place) else {
            throw refusal("\(place): 'type' expected (or toOne/toMany for a relationship)")
        }
        let type = try attributeType(typeName, place: place)
        let defaultValue: StoreValue
        do {
            defaultValue = try StoreValueConversion.storeValue(fields["default"], for: type, place: "\(place) default")
        } catch let error as BindingError {
            throw refusal(error.message)
        }
        return Attribute(
            name, type, optional: try field(fields, "optional", as: Bool?.self, place: place) ?? false,
            default: defaultValue, indexed: try field(fields, "indexed", as: Bool?.self, place: place) ?? false)
    }

    private static func parseRelationship(_ fields: LuaTable, name: String, place: String) throws -> Relationship? {
        let toOne = try field(fields, "toOne", as: String?.self, place: place)
        let toMany = try field(fields, "toMany", as: String?.self, place: place)
        guard let destination = toOne ?? toMany else { return nil }
        try checkOptions(fields, relationshipOptions, place: "\(place) (a relationship)")
        if toOne != nil && toMany != nil {
            throw refusal("\(place): a relationship is either toOne or toMany, not both")
        }
        return Relationship(
            name, destination: destination, toMany: toMany != nil,
            inverse: try field(fields, "inverse", as: String?.self, place: place),
            deleteRule: try field(fields, "deleteRule", as: DeleteRule?.self, place: place) ?? .nullify,
            optional: try field(fields, "optional", as: Bool?.self, place: place) ?? true)
    }

    /// Refuses a key of an options table that is not one of `valid`, so that a misspelt
    /// option (`optinal`, `predicate`) is an error rather than silently ignored.
    /// - Returns: the message for the first such key, or nil when every key is valid.
    static func unknownKey(_ table: LuaTable, _ valid: [String]) -> String? {
        for (key, _) in table.pairs {
            let name = key.stringValue
            if let name, valid.contains(name) { continue }
            if let name, let suggestion = LuaSuggestion.closest(to: name, among: valid) {
                return "unknown key \(key.keyDescription) (did you mean '\(suggestion)'?)"
            }
            return "unknown key \(key.keyDescription) (valid keys: \(valid.joined(separator: ", ")))"
        }
        return nil
    }

    private static func checkOptions(_ table: LuaTable, _ valid: [String], place: String) throws {
        if let problem = unknownKey(table, valid) { throw refusal("\(place): \(problem)") }
    }

    // MARK: - Paths

    private static func defaultPath(for host: ScriptHost) throws -> String {
        try resolve("store.sqlite", for: host)
    }

    /// `:memory:` and absolute paths as given; a relative path inside the app's data directory
    /// (``ScriptHost/dataDirectory``), made when first needed.
    private static func resolve(_ path: String, for host: ScriptHost) throws -> String {
        if path == ":memory:" || path.hasPrefix("/") { return path }
        return (try madeDataDirectory(for: host) as NSString).appendingPathComponent(path)
    }

    /// The app's data directory, made when missing.
    private static func madeDataDirectory(for host: ScriptHost) throws -> String {
        let directory = host.useDataDirectory()
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw BindingError("cannot create the data directory \(directory)\(reason(error))")
        }
        return directory
    }

    /// ": Permission denied"-style text for a file-system error, without Foundation's dump
    /// of its domain and code; "" when the system gave no reason.
    private static func reason(_ error: any Error) -> String {
        guard let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
              underlying.domain == NSPOSIXErrorDomain, let text = strerror(Int32(truncatingIfNeeded: underlying.code))
        else { return "" }
        return ": " + String(cString: text)
    }

    // MARK: - Stores and contexts

    private static func storeClass() -> LuaClass<PersistentStore> {
        let cls = LuaClass<PersistentStore>("store.Store")
        cls.property("context") { $0.context }
        cls.property("path") { $0.path }
        return cls
    }

    private static func contextClass(state: StoreHostState) -> LuaClass<StoreContext> {
        let cls = LuaClass<StoreContext>("store.Context")
        cls.property("hasChanges") { $0.hasChanges }
        cls.property("insertedObjects") { $0.insertedObjects }
        cls.property("updatedObjects") { $0.updatedObjects }
        cls.property("deletedObjects") { $0.deletedObjects }
        cls.method("insert") { context, args in
            defer { state.scheduleProcessing(of: context) }
            let entity = try entity(args, 2, of: context)
            // Every value is converted before anything is inserted: a bad one leaves no object behind.
            var properties: [String: PropertyValue] = [:]
            if let values = try args.get(3, as: LuaTable?.self) {
                for (key, value) in values.pairs {
                    guard let name = key.stringValue else {
                        throw args.error(3, "field names must be strings, got the key \(key.keyDescription)")
                    }
                    properties[name] = try propertyValue(value, for: name, of: entity)
                }
            }
            return try context.insert(entity.name, properties: properties)
        }
        cls.method("delete") { context, args in
            defer { state.scheduleProcessing(of: context) }
            try context.delete(try args.get(2, as: ManagedObject.self))
        }
        cls.method("save") { context, _ in try context.save() }
        cls.method("rollback") { context, _ in context.rollback() }
        cls.method("refresh") { context, args in try context.refresh(try args.get(2, as: ManagedObject.self)) }
        cls.method("processPendingChanges") { context, _ in context.processPendingChanges() }
        cls.method("fetch") { context, args -> [ManagedObject] in
            let request = try fetchRequest(args, 2, of: context)
            return try suggestingKeys { try context.fetch(request) }
        }
        cls.method("count") { context, args -> Int in
            let request = try fetchRequest(args, 2, of: context)
            return try suggestingKeys { try context.count(for: request) }
        }
        cls.method("aggregate") { context, args in
            try aggregate(try aggregateRequest(args, 2, of: context), in: context, state: state)
        }
        cls.method("objectWithID") { context, args in try context.object(withID: try args.get(2, as: String.self)) }
        cls.method("fetchedResults") { context, args -> FetchedResultsController in
            try suggestingKeys { try FetchedResultsBindings.make(context, args, state: state) }
        }
        return cls
    }

    /// The entity named by the string argument at `index`.
    /// - Throws: an argument error for a name the model does not have, with the likely one.
    private static func entity(_ args: LuaArguments, _ index: Int32, of context: StoreContext) throws -> Entity {
        try entity(named: try args.get(index, as: String.self), of: context) { args.error(index, $0) }
    }

    static func entity(
        named name: String, of context: StoreContext, _ refusal: (String) -> LuaArgumentError
    ) throws -> Entity {
        guard let entity = context.model.entity(named: name) else {
            let names = context.model.entities.map(\.name)
            throw refusal("unknown entity '\(name.prefix(40))'\(LuaSuggestion.hint(for: name, among: names))")
        }
        return entity
    }

    // MARK: - Objects

    /// The names an object answers itself, before its attributes and relationships: a
    /// property of the model may not take one. `new` and `extend` come from every class.
    static let objectFields: Set<String> = [
        "entityName", "objectID", "isInserted", "isUpdated", "isDeleted", "hasChanges", "add", "remove", "new", "extend",
    ]

    private static func objectClass(state: StoreHostState) -> LuaClass<ManagedObject> {
        let cls = LuaClass<ManagedObject>("store.Object")
        cls.property("entityName") { $0.entity.name }
        cls.property("objectID") { $0.objectID }
        // Lua's own shape for an object, `store.Object: <address>`, with the ID for the address.
        cls.metamethod("__tostring") { args in "store.Object: " + (try args.get(1, as: ManagedObject.self).objectID) }
        cls.property("isInserted") { $0.isInserted }
        cls.property("isUpdated") { $0.isUpdated }
        cls.property("isDeleted") { $0.isDeleted }
        cls.property("hasChanges") { $0.hasChanges }
        cls.method("add") { object, args in
            defer { state.scheduleProcessing(of: object.context) }
            try object.add(try args.get(3, as: ManagedObject.self), toKey: try args.get(2, as: String.self))
        }
        cls.method("remove") { object, args in
            defer { state.scheduleProcessing(of: object.context) }
            try object.remove(try args.get(3, as: ManagedObject.self), fromKey: try args.get(2, as: String.self))
        }
        cls.dynamicProperties(get: { object, name in
            switch object.keyValue(forKey: name) {
            case .attribute(let value)?: return StoreValueConversion(value: value)
            case .toOne(let destination)?: return destination as? ManagedObject
            case .toMany?: return try object.objects(forKey: name)
            case nil: return nil
            }
        }, set: { object, name, args in
            defer { state.scheduleProcessing(of: object.context) }
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
            let names = entity.attributes.map(\.name) + entity.relationships.map(\.name)
            throw BindingError(
                "\(entity.name) has no attribute or relationship '\(name.prefix(40))'\(LuaSuggestion.hint(for: name, among: names))")
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
    static func describe(_ value: LuaValue) -> String {
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
