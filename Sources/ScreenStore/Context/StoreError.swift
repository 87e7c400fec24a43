import GRDB

/// Why a store operation failed, with the file, entity, attribute or object it concerns in the message.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened (missing directory, permissions, ...).
    case cannotOpen(path: String, reason: String)
    /// The file exists but is not an SQLite database, or is damaged.
    case notADatabase(path: String, reason: String)
    /// The file holds a model that cannot be migrated automatically; one line per change.
    /// The file was left untouched.
    case migrationRefused(path: String, changes: [String])
    /// No entity of that name in the model.
    case unknownEntity(String)
    /// No attribute or relationship of that name on the entity; `kind` says what was looked for.
    case unknownKey(entity: String, key: String, kind: String)
    /// A value of the wrong type for an attribute or relationship (`place` is `Entity.key`).
    case typeMismatch(place: String, expected: String, got: String)
    /// An object that is not valid for saving: `object` describes it, `key` is the property.
    case validation(object: String, key: String, reason: String)
    /// A deleted object still has objects in a relationship whose delete rule is deny.
    case deleteDenied(object: String, relationship: String, count: Int)
    /// The object belongs to another context, or was deleted and saved.
    case invalidObject(String)
    /// A fetch request, aggregate or fetched results controller that cannot be run as given,
    /// or a string that is not an object ID.
    case invalidRequest(String)
    /// SQLite reported an error while reading or writing.
    case database(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open store '\(path)': \(reason)"
        case .notADatabase(let path, let reason):
            "'\(path)' is not a store database (\(reason))"
        case .migrationRefused(let path, let changes):
            "cannot migrate '\(path)' automatically; the file was left unchanged:\n"
                + changes.map { "  \($0)" }.joined(separator: "\n")
        case .unknownEntity(let name):
            "unknown entity '\(name)'"
        case .unknownKey(let entity, let key, let kind):
            "\(entity) has no \(kind) '\(key)'"
        case .typeMismatch(let place, let expected, let got):
            "\(place): \(expected) expected, got \(got)"
        case .validation(let object, let key, let reason):
            "\(object).\(key) \(reason)"
        case .deleteDenied(let object, let relationship, let count):
            "cannot delete \(object): its relationship '\(relationship)' has the deny rule and still holds \(count) object\(count == 1 ? "" : "s")"
        case .invalidObject(let message), .invalidRequest(let message), .database(let message):
            message
        }
    }
}

extension StoreError {
    /// Why a sum of integers failed, in SQL or in memory.
    static let sumOverflow = "a sum of integers is beyond 64 bits (integer overflow)"

    /// What went wrong in SQLite, as a script may read it: SQLite's own message without the
    /// statement (generated SQL means nothing to a script), and the limits a predicate can
    /// reach said in a predicate's terms.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? DatabaseError else {
            return String(describing: error)
        }
        let message = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        switch message {
        case "parser stack overflow":
            return "the predicate nests too deeply for SQLite (its parser stack overflowed): "
                + "use fewer levels of parentheses, of SUBQUERY and of key paths through relationships"
        case let text where text.hasPrefix("Expression tree is too large"):
            return "the predicate nests too deeply for SQLite: \(text)"
        case "integer overflow":
            return sumOverflow
        case "too many SQL variables":
            return "the predicate holds more values than SQLite takes in one statement"
        case "string or blob too big":
            return "a value is larger than SQLite stores (string or blob too big)"
        default:
            return message
        }
    }
}
