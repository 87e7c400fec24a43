import Foundation
import Testing
@testable import ScreenStore

/// `StoreContext.aggregate`: computed by SQLite, grouped by an attribute or a to-one,
/// corrected for unsaved changes as fetches are; and predicates with aggregates seeing
/// unsaved changes of the members.
@Suite struct StoreAggregateTests {
    /// Categories of expenses: food (coffee 3.5, lunch 12), taxi (cab 20), and one loose expense.
    static func ledger() throws -> (StoreContext, food: ManagedObject, taxi: ManagedObject) {
        let model = try Model([
            Entity(
                "Category", attributes: [Attribute("name", .string)],
                relationships: [Relationship("expenses", destination: "Expense", toMany: true, inverse: "category", deleteRule: .cascade)]),
            Entity(
                "Expense",
                attributes: [
                    Attribute("title", .string), Attribute("amount", .double),
                    Attribute("quantity", .integer, optional: true), Attribute("when", .date, optional: true),
                    Attribute("receipt", .binary, optional: true),
                ],
                relationships: [Relationship("category", destination: "Category", inverse: "expenses")]),
        ])
        let context = try StoreFixtures.memoryStore(model).context
        let food = try context.insert("Category", values: ["name": .string("Food")])
        let taxi = try context.insert("Category", values: ["name": .string("Taxi")])
        try expense(context, "Coffee", 3.5, quantity: 2, in: food)
        try expense(context, "Lunch", 12, quantity: 1, in: food)
        try expense(context, "Cab", 20, in: taxi)
        try expense(context, "Loose", 1, quantity: 5, in: nil)
        try context.save()
        return (context, food, taxi)
    }

    @discardableResult
    static func expense(
        _ context: StoreContext, _ title: String, _ amount: Double, quantity: Int64? = nil, in category: ManagedObject?
    ) throws -> ManagedObject {
        try context.insert("Expense", properties: [
            "title": .attribute(.string(title)), "amount": .attribute(.double(amount)),
            "quantity": .attribute(quantity.map(StoreValue.integer) ?? .null), "category": .object(category),
        ])
    }

    private func value(
        _ context: StoreContext, _ function: AggregateFunction, _ key: String? = nil, where format: String? = nil
    ) throws -> StoreValue {
        try context.aggregate(AggregateRequest(
            "Expense", function, of: key, where: try format.map { try Predicate(format: $0) }))
    }

    @Test func eachFunctionOverTheSavedRows() throws {
        let (context, _, _) = try Self.ledger()
        let reads = context.readCount
        #expect(try value(context, .count) == .integer(4))
        #expect(try value(context, .count, "quantity") == .integer(3), "nil values are not counted")
        #expect(try value(context, .count, "category") == .integer(3))
        #expect(try value(context, .sum, "amount") == .double(36.5))
        #expect(try value(context, .sum, "quantity") == .integer(8))
        #expect(try value(context, .avg, "quantity") == .double(8.0 / 3))
        #expect(try value(context, .min, "title") == .string("Cab"))
        #expect(try value(context, .max, "amount", where: "category.name == 'Food'") == .double(12))
        #expect(try value(context, .max, "category.name") == .string("Taxi"))
        #expect(context.readCount == reads + 9, "one statement each")
    }

    @Test func nothingToAggregateGivesZeroOrNil() throws {
        let (context, _, _) = try Self.ledger()
        #expect(try value(context, .count, where: "amount > 100") == .integer(0))
        #expect(try value(context, .sum, "amount", where: "amount > 100") == .double(0))
        #expect(try value(context, .sum, "quantity", where: "amount > 100") == .integer(0))
        #expect(try value(context, .avg, "amount", where: "amount > 100") == .null)
        #expect(try value(context, .min, "when") == .null)
    }

    @Test func groupsByAnAttributeOrAToOneWithNilAsAGroup() throws {
        let (context, food, taxi) = try Self.ledger()
        let byCategory = try context.aggregateGroups(AggregateRequest("Expense", .sum, of: "amount", groupedBy: "category"))
        #expect(byCategory.map(\.value) == [.double(1), .double(15.5), .double(20)])
        guard case .object(nil) = byCategory[0].key, case .object(let first?) = byCategory[1].key,
              case .object(let second?) = byCategory[2].key
        else { Issue.record("groups \(byCategory.map(\.key))"); return }
        #expect(first === food && second === taxi)
        let byName = try context.aggregateGroups(AggregateRequest("Expense", .count, groupedBy: "category.name"))
        #expect(byName.map(\.key.attributeValue) == [.null, .string("Food"), .string("Taxi")])
        #expect(byName.map(\.value) == [.integer(1), .integer(2), .integer(1)])
        let counted = try context.aggregateGroups(AggregateRequest("Expense", .count, groupedBy: "title"))
        #expect(counted.count == 4)
    }

    @Test func unsavedChangesCountAsAFetchWouldSeeThem() throws {
        let (context, food, taxi) = try Self.ledger()
        try Self.expense(context, "Dinner", 30, quantity: 1, in: food)
        let cab = try context.fetch(FetchRequest("Expense", predicate: try Predicate(format: "title == 'Cab'")))[0]
        try cab.setValue(.double(25), forKey: "amount")
        let loose = try context.fetch(FetchRequest("Expense", predicate: try Predicate(format: "title == 'Loose'")))[0]
        try context.delete(loose)
        #expect(try value(context, .count) == .integer(4))
        #expect(try value(context, .sum, "amount") == .double(3.5 + 12 + 25 + 30))
        #expect(try value(context, .avg, "quantity") == .double(4.0 / 3))
        #expect(try value(context, .max, "amount") == .double(30))
        #expect(try value(context, .min, "amount", where: "amount > 20") == .double(25))
        try taxi.setValue(.string("Cabs"), forKey: "name")
        let byName = try context.aggregateGroups(AggregateRequest("Expense", .sum, of: "amount", groupedBy: "category.name"))
        #expect(byName.map(\.key.attributeValue) == [.string("Cabs"), .string("Food")], "the renamed category, unsaved")
        #expect(byName.map(\.value) == [.double(25), .double(45.5)])
        try context.save()
        #expect(try value(context, .sum, "amount") == .double(70.5))
    }

    @Test func requestsTheStoreCannotRunAreRefusedNamingWhy() throws {
        let (context, _, _) = try Self.ledger()
        func refusal(_ request: AggregateRequest) -> String? {
            do {
                _ = try context.aggregateGroups(request)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal(AggregateRequest("Expense", .sum, of: "title")) == "sum needs an integer or double attribute, but Expense.title is a string")
        #expect(refusal(AggregateRequest("Expense", .avg, of: "receipt"))
            == "avg needs an integer, double or date attribute, but Expense.receipt is a binary")
        #expect(refusal(AggregateRequest("Expense", .max, of: "category")) == "key 'category' is a relationship; max needs an attribute")
        #expect(refusal(AggregateRequest("Expense", .sum)) == "sum of Expense needs a key to sum")
        #expect(refusal(AggregateRequest("Expense", .sum, of: "amout"))
            == "Expense has no key 'amout' (its keys: amount, category, quantity, receipt, title, when)")
        #expect(refusal(AggregateRequest("Category", .sum, of: "expenses.amount"))
            == "key 'expenses.amount' goes through the to-many relationship Category.expenses: aggregate over Expense instead, or use a key through to-one relationships")
        #expect(refusal(AggregateRequest("Category", .count, groupedBy: "expenses"))
            == "groupBy 'expenses' goes through the to-many relationship Category.expenses: group by an attribute or a to-one relationship")
        #expect(refusal(AggregateRequest("Expense", .count, of: "category..name")) == "key 'category..name' is not a key path")
        #expect(refusal(AggregateRequest("Nope", .count)) == "unknown entity 'Nope'")
        #expect(throws: StoreError.invalidRequest("aggregate with groupBy gives groups: ask aggregateGroups")) {
            try context.aggregate(AggregateRequest("Expense", .count, groupedBy: "title"))
        }
    }

    @Test func aSumBeyondSixtyFourBitsIsAnErrorInSQLAndWithChanges() throws {
        let (context, food, _) = try Self.ledger()
        try Self.expense(context, "Huge", 1, quantity: .max, in: food)
        #expect(throws: StoreError.database(StoreError.sumOverflow)) { try value(context, .sum, "quantity") }
        try context.save()
        #expect(throws: StoreError.database(StoreError.sumOverflow)) { try value(context, .sum, "quantity") }
        #expect(try value(context, .avg, "quantity") != .null, "an average does not overflow")
    }

    @Test func predicatesWithAggregatesSeeUnsavedMembers() throws {
        let (context, food, taxi) = try Self.ledger()
        func names(_ format: String) throws -> [String] {
            StoreFixtures.titles(try context.fetch(FetchRequest("Category", predicate: try Predicate(format: format),
                                                                sortedBy: [SortKey("name")])))
        }
        #expect(try names("expenses.@count > 1") == ["Food"])
        try Self.expense(context, "Tip", 5, in: taxi)
        #expect(try names("expenses.@count > 1") == ["Food", "Taxi"])
        #expect(try context.count(for: FetchRequest("Category", predicate: try Predicate(format: "expenses.@sum.amount > 20"))) == 1)
        let lunch = try food.objects(forKey: "expenses").first { StoreFixtures.label($0) == "Lunch" }!
        try lunch.setValue(.double(30), forKey: "amount")
        #expect(try names("expenses.@sum.amount > 20") == ["Food", "Taxi"])
        #expect(try names("SUBQUERY(expenses, $e, $e.amount >= 20).@count == 1") == ["Food", "Taxi"])
        try context.delete(lunch)
        #expect(try names("expenses.@count == 1") == ["Food"])
    }

    @Test func aResultsControllerFollowsTheMembersOfAnAggregate() throws {
        let (context, food, taxi) = try Self.ledger()
        let controller = try FetchedResultsController(
            request: FetchRequest("Category", predicate: try Predicate(format: "expenses.@sum.amount >= 20"), sortedBy: [SortKey("name")]),
            context: context)
        try controller.performFetch()
        #expect(StoreFixtures.titles(controller.fetchedObjects) == ["Taxi"])
        let coffee = try food.objects(forKey: "expenses").first { StoreFixtures.label($0) == "Coffee" }!
        try coffee.setValue(.double(10), forKey: "amount")
        context.processPendingChanges()
        #expect(StoreFixtures.titles(controller.fetchedObjects) == ["Food", "Taxi"], "a member's amount changed")
        let cab = try taxi.objects(forKey: "expenses")[0]
        try context.delete(cab)
        context.processPendingChanges()
        #expect(StoreFixtures.titles(controller.fetchedObjects) == ["Food"], "a member was deleted")
        try Self.expense(context, "Train", 25, in: taxi)
        context.processPendingChanges()
        #expect(StoreFixtures.titles(controller.fetchedObjects) == ["Food", "Taxi"], "a member was inserted")
    }
}

private extension PropertyValue {
    var attributeValue: StoreValue? {
        if case .attribute(let value) = self { return value }
        return nil
    }
}
