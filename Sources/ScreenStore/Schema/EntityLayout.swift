/// Where a property of an entity lives in a managed object's storage.
enum PropertySlot: Equatable {
    case attribute(Int)
    case toOne(Int)
    case toMany(Int)
}

/// An entity with everything the context looks up per access precomputed: property slots,
/// inverses and the SQL of its table.
final class EntityLayout {
    let entity: Entity
    /// The position of the entity in the model, which indexes per-entity tables of the context.
    let index: Int
    let toOnes: [Relationship]
    let toManys: [Relationship]
    let attributeTypes: [AttributeType]
    /// The values a new object starts with.
    let defaultValues: [StoreValue]
    let slots: [String: PropertySlot]
    /// For each to-one: the destination's layout index and the inverse's slot there, if any.
    private(set) var toOneDestination: [Int] = []
    private(set) var toOneInverse: [PropertySlot?] = []
    /// For each to-many: the destination's layout index and its inverse to-one slot.
    private(set) var toManyDestination: [Int] = []
    private(set) var toManyInverse: [Int] = []

    /// `luascreens://<store>/<Entity>/`, which a saved object's key completes into its ID.
    let objectIDPrefix: String
    /// What an unsaved object's sequence number completes into its temporary ID:
    /// `luascreens://<store>/<Entity>/t<context>-`.
    let temporaryIDPrefix: String

    let table: String
    /// The columns after `Z_PK`: attributes, then to-ones, in model order.
    let columns: [String]
    let selectSQL: String
    let selectByKeySQL: String
    /// The same columns from the table aliased `t0`, which fetches add conditions and orders to.
    let aliasedSelectSQL: String
    let insertSQL: String
    let updateSQL: String
    let deleteSQL: String

    init(_ entity: Entity, index: Int, identity: StoreIdentity) {
        self.entity = entity
        self.index = index
        objectIDPrefix = identity.prefix(of: entity.name)
        temporaryIDPrefix = objectIDPrefix + "t" + identity.temporaryTag + "-"
        toOnes = entity.relationships.filter { !$0.isToMany }
        toManys = entity.relationships.filter(\.isToMany)
        attributeTypes = entity.attributes.map { $0.type }
        defaultValues = entity.attributes.map { $0.defaultValue }
        var slots: [String: PropertySlot] = [:]
        for (i, attribute) in entity.attributes.enumerated() { slots[attribute.name] = .attribute(i) }
        for (i, relationship) in toOnes.enumerated() { slots[relationship.name] = .toOne(i) }
        for (i, relationship) in toManys.enumerated() { slots[relationship.name] = .toMany(i) }
        self.slots = slots

        table = SQLName.quote(entity.name)
        columns = entity.attributes.map(\.name) + toOnes.map(\.name)
        let all = ([Entity.primaryKeyColumn] + columns).map(SQLName.quote)
        selectSQL = "SELECT \(all.joined(separator: ", ")) FROM \(table)"
        selectByKeySQL = selectSQL + " WHERE \(SQLName.quote(Entity.primaryKeyColumn)) = ?"
        aliasedSelectSQL = "SELECT \(all.map { "t0.\($0)" }.joined(separator: ", ")) FROM \(table) AS t0"
        let marks = Array(repeating: "?", count: all.count).joined(separator: ", ")
        insertSQL = "INSERT INTO \(table) (\(all.joined(separator: ", "))) VALUES (\(marks))"
        let assignments = columns.map { "\(SQLName.quote($0)) = ?" }.joined(separator: ", ")
        updateSQL = columns.isEmpty
            ? "UPDATE \(table) SET \(SQLName.quote(Entity.primaryKeyColumn)) = \(SQLName.quote(Entity.primaryKeyColumn)) WHERE \(SQLName.quote(Entity.primaryKeyColumn)) = ?"
            : "UPDATE \(table) SET \(assignments) WHERE \(SQLName.quote(Entity.primaryKeyColumn)) = ?"
        deleteSQL = "DELETE FROM \(table) WHERE \(SQLName.quote(Entity.primaryKeyColumn)) = ?"
    }

    /// Resolves destinations and inverses once every layout of the model exists.
    func link(in schema: ModelSchema) {
        toOneDestination = toOnes.map { schema.layout(named: $0.destination)!.index }
        toOneInverse = toOnes.map { relationship in
            relationship.inverse.flatMap { schema.layout(named: relationship.destination)!.slots[$0] }
        }
        toManyDestination = toManys.map { schema.layout(named: $0.destination)!.index }
        toManyInverse = toManys.map { relationship in
            guard case .toOne(let slot)? = schema.layout(named: relationship.destination)!.slots[relationship.inverse!] else {
                preconditionFailure("the model validates that a to-many has a to-one inverse")
            }
            return slot
        }
    }
}

/// A validated model with a layout per entity.
final class ModelSchema {
    let model: Model
    let identity: StoreIdentity
    let layouts: [EntityLayout]
    private let byName: [String: EntityLayout]

    init(_ model: Model, identity: StoreIdentity) {
        self.model = model
        self.identity = identity
        layouts = model.entities.enumerated().map { EntityLayout($1, index: $0, identity: identity) }
        byName = Dictionary(uniqueKeysWithValues: layouts.map { ($0.entity.name, $0) })
        for layout in layouts { layout.link(in: self) }
    }

    func layout(named name: String) -> EntityLayout? { byName[name] }

    func layout(for entityName: String) throws -> EntityLayout {
        guard let layout = byName[entityName] else { throw StoreError.unknownEntity(entityName) }
        return layout
    }
}

/// SQL spelling of the names the model validated as identifiers.
enum SQLName {
    /// The model only admits identifiers (letters, digits, `_`), so quoting needs no escapes.
    static func quote(_ name: String) -> String {
        "\"\(name)\""
    }

    /// The index kept on `column` of `entity`'s table.
    static func index(_ entity: String, _ column: String) -> String {
        "Z_\(entity)_\(column)_INDEX"
    }
}
