import Foundation
import GRDB

/// Brings a database file to a model: creates the tables of a new file, or compares the model
/// the file was made with (kept in `Z_METADATA`) with the one given and applies the changes
/// that keep every stored value: new entities, new optional or defaulted attributes, new
/// optional to-ones, indexes added or dropped, and attributes, to-ones and entities removed
/// while they hold no data (their columns and tables are dropped).
///
/// Everything that could lose or misread data is refused before anything is written, with one
/// line per change naming `Entity.property`.
struct SchemaMigrator {
    /// One change to the file, in the order it is applied.
    enum Step: Equatable {
        case sql(String)
        /// Sets a new column to its default in every existing row.
        case fill(table: String, column: String, value: StoreValue)
    }

    static let metadataTable = "Z_METADATA"

    let model: Model
    let path: String
    /// Whether a refusal may tell what the file holds (its entities, its counts of rows): not
    /// when the one opening the file is not its owner, such as a plugin; then each change is
    /// told from the side of the model given.
    var disclosesFile = true

    /// Applies the steps of ``plan(_:)`` and records the model, in one transaction.
    func apply(_ steps: [Step], to db: Database) throws {
        try db.inTransaction(.immediate) {
            for step in steps {
                switch step {
                case .sql(let sql):
                    try db.execute(sql: sql)
                case .fill(let table, let column, let value):
                    try db.execute(
                        sql: "UPDATE \(SQLName.quote(table)) SET \(SQLName.quote(column)) = ?",
                        arguments: [ValueCoding.databaseValue(value)])
                }
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO \(Self.metadataTable) (Z_KEY, Z_VALUE) VALUES ('model', ?)",
                arguments: [StoredModel(model).encoded()])
            return .commit
        }
    }

    /// The UUID kept in the metadata table that names the file in object IDs; made and kept
    /// the first time a file is opened without one. A copy of the file has the same one.
    static func storeIdentifier(_ db: Database) throws -> String {
        let sql = "SELECT Z_VALUE FROM \(metadataTable) WHERE Z_KEY = 'uuid'"
        if let identifier = try String.fetchOne(db, sql: sql) { return identifier }
        let identifier = UUID().uuidString
        try db.execute(sql: "INSERT INTO \(metadataTable) (Z_KEY, Z_VALUE) VALUES ('uuid', ?)", arguments: [identifier])
        return identifier
    }

    /// The steps from the file's current state to the model (possibly none when only the
    /// metadata changes); nil when the file is up to date.
    /// - Throws: ``StoreError/migrationRefused(path:changes:)`` listing every change that cannot be made.
    func plan(_ db: Database) throws -> [Step]? {
        guard try db.tableExists(Self.metadataTable) else {
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            guard tables.isEmpty else {
                let detail = disclosesFile ? " (\(tables.joined(separator: ", ")))" : ""
                throw StoreError.migrationRefused(path: path, changes: ["the file holds tables a store did not make\(detail)"])
            }
            return [.sql("CREATE TABLE \(Self.metadataTable) (Z_KEY TEXT PRIMARY KEY, Z_VALUE TEXT NOT NULL)")]
                + model.entities.flatMap(Self.creation)
        }
        guard let json = try String.fetchOne(db, sql: "SELECT Z_VALUE FROM \(Self.metadataTable) WHERE Z_KEY = 'model'")
        else {
            throw StoreError.migrationRefused(path: path, changes: ["the metadata table holds no model"])
        }
        let old: Model
        do {
            old = try StoredModel.decode(json)
        } catch {
            throw StoreError.migrationRefused(path: path, changes: ["the stored model is unreadable"])
        }
        if old == model { return nil }
        var diff = Diff(db: db, disclosesFile: disclosesFile)
        for entity in model.entities {
            if let before = old.entity(named: entity.name) {
                try diff.compare(before, entity)
            } else {
                diff.steps += Self.creation(of: entity)
            }
        }
        for before in old.entities where model.entity(named: before.name) == nil {
            let rows = try diff.count(before.name)
            if rows > 0 {
                diff.refuse("\(before.name): entity removed, but its table holds \(plural(rows, "row"))",
                            "the file holds objects of entities this model does not have")
            } else {
                diff.steps.append(.sql("DROP TABLE \(SQLName.quote(before.name))"))
            }
        }
        guard diff.refusals.isEmpty else { throw StoreError.migrationRefused(path: path, changes: diff.refusals) }
        return diff.steps
    }

    // MARK: - DDL

    /// The table and indexes of a new entity.
    static func creation(of entity: Entity) -> [Step] {
        let columns = ["\(SQLName.quote(Entity.primaryKeyColumn)) INTEGER PRIMARY KEY"]
            + entity.attributes.map(columnDefinition)
            + entity.relationships.filter { !$0.isToMany }.map(columnDefinition)
        return [.sql("CREATE TABLE \(SQLName.quote(entity.name)) (\(columns.joined(separator: ", ")))")]
            + entity.attributes.filter(\.isIndexed).map { index(entity.name, $0.name) }
            + entity.relationships.filter { !$0.isToMany }.map { index(entity.name, $0.name) }
    }

    static func columnDefinition(_ attribute: Attribute) -> String {
        let type =
            switch attribute.type {
            case .string: "TEXT"
            case .integer, .boolean: "INTEGER"
            case .double, .date: "REAL"
            case .binary: "BLOB"
            }
        return "\(SQLName.quote(attribute.name)) \(type)"
    }

    /// A to-one column; the context applies delete rules itself, the constraint only keeps
    /// the file consistent when another tool deletes rows.
    static func columnDefinition(_ relationship: Relationship) -> String {
        "\(SQLName.quote(relationship.name)) INTEGER REFERENCES \(SQLName.quote(relationship.destination))"
            + "(\(SQLName.quote(Entity.primaryKeyColumn))) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED"
    }

    static func index(_ entity: String, _ column: String) -> Step {
        .sql(
            "CREATE INDEX IF NOT EXISTS \(SQLName.quote(SQLName.index(entity, column))) "
                + "ON \(SQLName.quote(entity)) (\(SQLName.quote(column)))")
    }

    static func dropIndex(_ entity: String, _ column: String) -> Step {
        .sql("DROP INDEX IF EXISTS \(SQLName.quote(SQLName.index(entity, column)))")
    }
}

/// The comparison of one file with the model: steps to apply and changes refused.
private struct Diff {
    let db: Database
    let disclosesFile: Bool
    var steps: [SchemaMigrator.Step] = []
    var refusals: [String] = []

    init(db: Database, disclosesFile: Bool) {
        self.db = db
        self.disclosesFile = disclosesFile
    }

    /// Refuses a change: `detail` tells the file's side, `ownSide` only what the model given
    /// says, for one who may not learn what the file holds (said once).
    mutating func refuse(_ detail: String, _ ownSide: String) {
        let change = disclosesFile ? detail : ownSide
        if disclosesFile || !refusals.contains(change) { refusals.append(change) }
    }

    func count(_ table: String, where condition: String = "1") throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(SQLName.quote(table)) WHERE \(condition)") ?? 0
    }

    func count(_ table: String, nonNull column: String) throws -> Int {
        try count(table, where: "\(SQLName.quote(column)) IS NOT NULL")
    }

    func count(_ table: String, null column: String) throws -> Int {
        try count(table, where: "\(SQLName.quote(column)) IS NULL")
    }

    mutating func compare(_ before: Entity, _ after: Entity) throws {
        let name = after.name
        let rows = try count(name)
        // Columns the stored model does not know (left by earlier versions, which kept the
        // column of a removed to-one) go first, so that their names can be used again.
        let known = Set([Entity.primaryKeyColumn] + before.attributes.map(\.name)
            + before.relationships.filter { !$0.isToMany }.map(\.name))
        for column in try db.columns(in: name).map(\.name) where !known.contains(column) {
            let values = try count(name, nonNull: column)
            if values > 0 {
                refuse("\(name).\(column): a column the stored model does not know holds \(plural(values, "value"))",
                       "\(name): the file holds values this model does not have")
            } else {
                drop(column, of: name)
            }
        }

        for attribute in after.attributes {
            let place = "\(name).\(attribute.name)"
            if let old = before.attribute(named: attribute.name) {
                if old.type != attribute.type {
                    refuse("\(place): type changed from \(old.type.rawValue) to \(attribute.type.rawValue)",
                           "\(place): the file does not hold it as \(attribute.type.rawValue)")
                    continue
                }
                if old.isOptional && !attribute.isOptional {
                    let nulls = try count(name, null: attribute.name)
                    if nulls > 0 {
                        refuse("\(place): became required, but \(plural(nulls, "row")) hold nil",
                               "\(place): required in this model, but the file has objects without it")
                    }
                }
                if old.isIndexed != attribute.isIndexed {
                    steps.append(attribute.isIndexed
                        ? SchemaMigrator.index(name, attribute.name) : SchemaMigrator.dropIndex(name, attribute.name))
                }
            } else if before.relationship(named: attribute.name) != nil {
                refuse("\(place): changed from a relationship to an attribute",
                       "\(place): an attribute in this model, but not in the file")
            } else {
                if !attribute.isOptional && attribute.defaultValue.isNull && rows > 0 {
                    refuse("\(place): new required attribute without a default, but \(plural(rows, "row")) exist",
                           "\(place): required in this model without a default, but the file has objects without it")
                    continue
                }
                steps.append(.sql(
                    "ALTER TABLE \(SQLName.quote(name)) ADD COLUMN \(SchemaMigrator.columnDefinition(attribute))"))
                if !attribute.defaultValue.isNull {
                    steps.append(.fill(table: name, column: attribute.name, value: attribute.defaultValue))
                }
                if attribute.isIndexed { steps.append(SchemaMigrator.index(name, attribute.name)) }
            }
        }
        for old in before.attributes where after.attribute(named: old.name) == nil {
            guard after.relationship(named: old.name) == nil else {
                refuse("\(name).\(old.name): changed from an attribute to a relationship",
                       "\(name).\(old.name): a relationship in this model, but not in the file")
                continue
            }
            let values = try count(name, nonNull: old.name)
            if values > 0 {
                refuse("\(name).\(old.name): attribute removed, but \(plural(values, "row")) hold a value",
                       "\(name): the file holds values this model does not have")
            } else {
                drop(old.name, of: name)
            }
        }

        for relationship in after.relationships {
            let place = "\(name).\(relationship.name)"
            if let old = before.relationship(named: relationship.name) {
                if old.isToMany != relationship.isToMany {
                    refuse(
                        "\(place): changed from \(old.isToMany ? "to-many" : "to-one") to \(relationship.isToMany ? "to-many" : "to-one")",
                        "\(place): \(relationship.isToMany ? "to-many" : "to-one") in this model, but not in the file")
                } else if old.destination != relationship.destination {
                    refuse("\(place): destination changed from \(old.destination) to \(relationship.destination)",
                           "\(place): its destination in this model, \(relationship.destination), is not the file's")
                } else if !relationship.isToMany && old.isOptional && !relationship.isOptional {
                    let nulls = try count(name, null: relationship.name)
                    if nulls > 0 {
                        refuse("\(place): became required, but \(plural(nulls, "row")) hold nil",
                               "\(place): required in this model, but the file has objects without it")
                    }
                }
            } else if before.attribute(named: relationship.name) == nil, !relationship.isToMany {
                if !relationship.isOptional && rows > 0 {
                    refuse("\(place): new required relationship, but \(plural(rows, "row")) exist",
                           "\(place): required in this model, but the file has objects without it")
                    continue
                }
                steps.append(.sql(
                    "ALTER TABLE \(SQLName.quote(name)) ADD COLUMN \(SchemaMigrator.columnDefinition(relationship))"))
                steps.append(SchemaMigrator.index(name, relationship.name))
            }
        }
        // A removed to-one is treated as a removed attribute: refused while a row holds a link,
        // else its column goes with its index and foreign key (a column constraint, which
        // DROP COLUMN removes with the column).
        for old in before.relationships where !old.isToMany && after.relationship(named: old.name) == nil
            && after.attribute(named: old.name) == nil
        {
            let links = try count(name, nonNull: old.name)
            if links > 0 {
                refuse("\(name).\(old.name): relationship removed, but \(plural(links, "row")) hold a link",
                       "\(name): the file holds links this model does not have")
            } else {
                drop(old.name, of: name)
            }
        }
    }

    /// Drops an empty column after its index (SQLite refuses to drop an indexed column).
    private mutating func drop(_ column: String, of table: String) {
        steps.append(SchemaMigrator.dropIndex(table, column))
        steps.append(.sql("ALTER TABLE \(SQLName.quote(table)) DROP COLUMN \(SQLName.quote(column))"))
    }
}

private func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
