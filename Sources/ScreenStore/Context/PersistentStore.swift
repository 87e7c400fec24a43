import EventLoop
import GRDB

/// An SQLite file opened with a model: it migrates the file to the model and vends the
/// context objects are read and written through.
///
/// ```swift
/// let store = try PersistentStore(path: "diary.sqlite", model: model, notifications: loop.notifications)
/// let entry = try store.context.insert("DiaryEntry", values: ["text": .string("Hello")])
/// try store.context.save()
/// ```
///
/// The file is in WAL mode with `synchronous = NORMAL`: a save that returned survives the
/// process being killed (the kill -9 test checks it); only a power loss may drop the last
/// saves, never corrupt the file.
public final class PersistentStore {
    /// The model the file was migrated to.
    public let model: Model
    /// The file's path, or `:memory:`.
    public let path: String
    /// The context of this store; everything runs on the main actor, so one is enough.
    public let context: StoreContext
    /// The UUID that names the file in object IDs, kept in the file (an in-memory store
    /// gets a new one each time it is made).
    public var identifier: String { context.schema.identity.store }

    let database: DatabaseQueue

    /// Opens (creating when missing) the file at `path`, or an in-memory store for `:memory:`.
    ///
    /// - Parameters:
    ///   - path: A file path, or `:memory:`.
    ///   - model: The model; an existing file made with another model is migrated when every
    ///     change keeps its data (new entity, new optional or defaulted attribute, new optional
    ///     to-one, index added or dropped), in one transaction.
    ///   - notifications: Where the context posts `store.objectsDidChange` and `store.didSave`.
    ///   - disclosesFile: Whether a refused migration may name what the file holds (its other
    ///     entities, how many rows hold what): false for one who is not the file's owner, who
    ///     learns only what differs in the model it gave.
    /// - Throws: ``StoreError/notADatabase(path:reason:)`` for a file that is not an SQLite
    ///   database, ``StoreError/migrationRefused(path:changes:)`` (the file is left byte for
    ///   byte as it was), ``StoreError/cannotOpen(path:reason:)`` otherwise.
    public init(path: String, model: Model, notifications: NotificationHub, disclosesFile: Bool = true) throws {
        self.model = model
        self.path = path
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            db.add(collation: ValueOrder.caseInsensitiveCollation)
            Predicate.registerFunctions(in: db)
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let inMemory = path == ":memory:"
        var storeIdentifier = ""
        do {
            database = inMemory
                ? try DatabaseQueue(configuration: configuration)
                : try DatabaseQueue(path: path, configuration: configuration)
            try database.inDatabase { db in
                let migrator = SchemaMigrator(model: model, path: path, disclosesFile: disclosesFile)
                // Checked before WAL is switched on, which rewrites the header of a file in
                // another journal mode: a refused migration leaves the bytes as they were.
                let steps = try migrator.plan(db)
                if !inMemory {
                    let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                    guard mode == "wal" else { throw StoreError.cannotOpen(path: path, reason: "WAL mode is unavailable") }
                }
                if let steps { try migrator.apply(steps, to: db) }
                storeIdentifier = try SchemaMigrator.storeIdentifier(db)
            }
        } catch let error as DatabaseError {
            if error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
                throw StoreError.notADatabase(path: path, reason: error.message ?? "\(error.resultCode)")
            }
            throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
        }
        context = StoreContext(
            schema: ModelSchema(model, identity: StoreIdentity(storeIdentifier)), database: database, notifications: notifications)
    }
}
