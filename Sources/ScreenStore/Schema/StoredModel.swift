import Foundation

/// The model as the metadata table keeps it: a JSON description from which the model a file
/// was made with is rebuilt, so that opening it with another model can compare the two.
struct StoredModel: Codable, Equatable {
    struct StoredAttribute: Codable, Equatable {
        var name: String
        var type: String
        var optional: Bool
        var defaultValue: StoredValue
        var indexed: Bool
    }

    struct StoredRelationship: Codable, Equatable {
        var name: String
        var destination: String
        var toMany: Bool
        var inverse: String?
        var deleteRule: String
        var optional: Bool
    }

    struct StoredEntity: Codable, Equatable {
        var name: String
        var attributes: [StoredAttribute]
        var relationships: [StoredRelationship]
    }

    /// A `StoreValue` in JSON: its kind and, for all but null, its payload as text.
    struct StoredValue: Codable, Equatable {
        var kind: String
        var text: String?
    }

    var format = 1
    var entities: [StoredEntity]

    init(_ model: Model) {
        entities = model.entities.map { entity in
            StoredEntity(
                name: entity.name,
                attributes: entity.attributes.map {
                    StoredAttribute(
                        name: $0.name, type: $0.type.rawValue, optional: $0.isOptional,
                        defaultValue: Self.store($0.defaultValue), indexed: $0.isIndexed)
                },
                relationships: entity.relationships.map {
                    StoredRelationship(
                        name: $0.name, destination: $0.destination, toMany: $0.isToMany, inverse: $0.inverse,
                        deleteRule: $0.deleteRule.rawValue, optional: $0.isOptional)
                })
        }
    }

    /// The JSON text kept in the metadata table.
    func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding plain strings, booleans and arrays cannot fail.
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }

    /// The model described by `json`.
    /// - Throws: A message when the text is not a description this version can read.
    static func decode(_ json: String) throws -> Model {
        let stored = try JSONDecoder().decode(StoredModel.self, from: Data(json.utf8))
        guard stored.format == 1 else { throw ModelError("stored model format \(stored.format) is not supported") }
        return try Model(stored.entities.map { entity in
            Entity(
                entity.name,
                attributes: try entity.attributes.map {
                    Attribute(
                        $0.name, try AttributeType(parsing: $0.type, for: "\(entity.name).\($0.name)"),
                        optional: $0.optional, default: try load($0.defaultValue), indexed: $0.indexed)
                },
                relationships: try entity.relationships.map {
                    guard let rule = DeleteRule(rawValue: $0.deleteRule) else {
                        throw ModelError("\(entity.name).\($0.name): unknown delete rule '\($0.deleteRule)'")
                    }
                    return Relationship(
                        $0.name, destination: $0.destination, toMany: $0.toMany, inverse: $0.inverse,
                        deleteRule: rule, optional: $0.optional)
                })
        })
    }

    private static func store(_ value: StoreValue) -> StoredValue {
        switch value {
        case .null: StoredValue(kind: "null")
        case .integer(let v): StoredValue(kind: "integer", text: String(v))
        case .double(let v): StoredValue(kind: "double", text: "\(v)")
        case .string(let v): StoredValue(kind: "string", text: v)
        case .boolean(let v): StoredValue(kind: "boolean", text: String(v))
        case .date(let v): StoredValue(kind: "date", text: "\(v)")
        case .binary(let v): StoredValue(kind: "binary", text: Data(v).base64EncodedString())
        }
    }

    private static func load(_ stored: StoredValue) throws -> StoreValue {
        let text = stored.text ?? ""
        let value: StoreValue? =
            switch stored.kind {
            case "null": .null
            case "integer": Int64(text).map(StoreValue.integer)
            case "double": Double(text).map(StoreValue.double)
            case "string": .string(text)
            case "boolean": Bool(text).map(StoreValue.boolean)
            case "date": Double(text).map(StoreValue.date)
            case "binary": Data(base64Encoded: text).map { .binary([UInt8]($0)) }
            default: nil
            }
        guard let value else { throw ModelError("stored default '\(text)' of kind \(stored.kind) is not readable") }
        return value
    }
}
