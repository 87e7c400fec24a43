import EventLoop
import Foundation
@testable import ScreenStore

/// The photo diary's model, and stores and files the store tests share.
enum StoreFixtures {
    static func diaryEntities(extraAttributes: [Attribute] = []) -> [Entity] {
        [
            Entity(
                "DiaryEntry",
                attributes: [
                    Attribute("text", .string), Attribute("creationTime", .date, indexed: true),
                    Attribute("day", .string, optional: true), Attribute("icon", .binary, optional: true),
                ] + extraAttributes,
                relationships: [
                    Relationship("medias", destination: "Medium", toMany: true, inverse: "entry", deleteRule: .cascade)
                ]),
            Entity(
                "Medium", attributes: [Attribute("kind", .string)],
                relationships: [Relationship("entry", destination: "DiaryEntry", inverse: "medias")]),
        ]
    }

    /// Books whose order and filters read their author's and publisher's attributes.
    static func library() throws -> Model {
        try Model([
            Entity(
                "Publisher", attributes: [Attribute("name", .string)],
                relationships: [Relationship("authors", destination: "Author", toMany: true, inverse: "publisher")]),
            Entity(
                "Author", attributes: [Attribute("name", .string), Attribute("born", .integer, default: .integer(0))],
                relationships: [
                    Relationship("books", destination: "Book", toMany: true, inverse: "author"),
                    Relationship("publisher", destination: "Publisher", inverse: "authors"),
                ]),
            Entity(
                "Book", attributes: [Attribute("title", .string)],
                relationships: [Relationship("author", destination: "Author", inverse: "books")]),
        ])
    }

    @discardableResult
    static func book(_ context: StoreContext, _ title: String, by author: ManagedObject?) throws -> ManagedObject {
        let book = try context.insert("Book", values: ["title": .string(title)])
        try book.setObject(author, forKey: "author")
        return book
    }

    /// A library saved in memory: Ann wrote a1 and a2, Bob wrote b1.
    static func savedLibrary() throws -> (StoreContext, ann: ManagedObject, bob: ManagedObject) {
        let context = try memoryStore(try library()).context
        let ann = try context.insert("Author", values: ["name": .string("Ann")])
        let bob = try context.insert("Author", values: ["name": .string("Bob")])
        try book(context, "a1", by: ann)
        try book(context, "a2", by: ann)
        try book(context, "b1", by: bob)
        try context.save()
        return (context, ann, bob)
    }

    static func titles(_ objects: [ManagedObject]) -> [String] {
        objects.map(label)
    }

    /// The object's text, title or name, whichever its entity has.
    static func label(_ object: ManagedObject) -> String {
        for key in ["text", "title", "name"] where object.entity.attribute(named: key) != nil {
            if case .string(let value) = try? object.value(forKey: key) { return value }
        }
        return "?"
    }

    static func diary() throws -> Model {
        try Model(diaryEntities())
    }

    static func memoryStore(_ model: Model? = nil, hub: NotificationHub = NotificationHub()) throws -> PersistentStore {
        try PersistentStore(path: ":memory:", model: model ?? diary(), notifications: hub)
    }

    /// A fresh directory for files of one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("screenstore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @discardableResult
    static func entry(_ context: StoreContext, _ text: String, _ time: Double, day: String? = nil) throws -> ManagedObject {
        try context.insert(
            "DiaryEntry",
            values: ["text": .string(text), "creationTime": .date(time), "day": day.map(StoreValue.string) ?? .null])
    }

    static func kinds(_ objects: [ManagedObject]) -> [String] {
        objects.map { object in
            if case .string(let kind) = try? object.value(forKey: "kind") { return kind }
            return "?"
        }
    }

    static func texts(_ objects: [ManagedObject]) -> [String] {
        objects.map { object in
            if case .string(let text) = try? object.value(forKey: "text") { return text }
            return "?"
        }
    }
}
