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

    static func texts(_ objects: [ManagedObject]) -> [String] {
        objects.map { object in
            if case .string(let text) = try? object.value(forKey: "text") { return text }
            return "?"
        }
    }
}
