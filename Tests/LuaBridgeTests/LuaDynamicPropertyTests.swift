import Testing
@testable import LuaBridge

/// A record whose fields are known only at run time, as a stored object's attributes are.
@MainActor
final class Record: LuaObject {
    var fields: [String: Int] = ["count": 1]

    static let lua: LuaClass<Record> = {
        let cls = LuaClass<Record>("test.Record")
        cls.method("keys") { record, _ in record.fields.keys.sorted() }
        cls.dynamicProperties(get: { record, name in record.fields[name] }, set: { record, name, args in
            guard record.fields[name] != nil else { throw RecordError(name: name) }
            record.fields[name] = try args.get(3, as: Int.self)
        })
        return cls
    }()
}

/// A Swift error, which the trampoline raises with the script's position.
struct RecordError: Error, CustomStringConvertible {
    let name: String
    var description: String { "test.Record has no field '\(name)'" }
}

@MainActor
struct LuaDynamicPropertyTests {
    @Test func namesKnownAtRunTimeReadAndWriteThroughSwift() throws {
        let lua = try LuaState()
        lua.register(Record.lua)
        let record = Record()
        lua.globals.set("record", record)
        try lua.run("record.count = record.count + 41", name: "=chunk")
        #expect(record.fields["count"] == 42)
        #expect(try lua.run("return record.missing, record:keys()[1]", name: "=chunk") == [.nil, .string("count")])
    }

    @Test func anUnknownNameOrAWrongValueIsAnErrorAtTheAssignment() throws {
        let lua = try LuaState()
        lua.register(Record.lua)
        lua.globals.set("record", Record())
        #expect(throws: LuaError.self) { try lua.run("record.other = 1", name: "=chunk") }
        do {
            try lua.run("record.other = 1", name: "=chunk")
        } catch {
            #expect(error.message.contains("test.Record has no field 'other'"))
            #expect(error.message.hasPrefix("chunk:1:"))
        }
        do {
            try lua.run("record.count = 'many'", name: "=chunk")
        } catch {
            #expect(error.message.contains("number expected") || error.message.contains("integer expected"))
        }
    }
}
