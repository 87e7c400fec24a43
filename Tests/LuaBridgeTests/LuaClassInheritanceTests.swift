import Testing
@testable import LuaBridge

/// Three levels of classes: a shape, a box that renames what a shape says its kind is, and
/// a strict, labelled box below it.
@MainActor
class Shape: LuaObject {
    var extra: [String: Int] = ["depth": 3]
    var width = 1

    init() {}
}

@MainActor
class Box: Shape {}

@MainActor
final class LabelledBox: Box {
    var label = "lid"
}

@MainActor
enum ShapeClasses {
    static let shape: LuaClass<Shape> = {
        let cls = LuaClass<Shape>("test.Shape")
        cls.property("kind") { _ in "shape" }
        cls.property("width", get: { $0.width }, set: { $0.width = $1 })
        cls.dynamicProperties(get: { shape, name in shape.extra[name] }, set: { shape, name, args in
            shape.extra[name] = try args.get(3, as: Int.self)
        })
        return cls
    }()

    static let box: LuaClass<Box> = {
        let cls = LuaClass<Box>("test.Box", parent: shape)
        cls.property("kind") { _ in "box" }
        return cls
    }()

    static let labelledBox: LuaClass<LabelledBox> = {
        let cls = LuaClass<LabelledBox>("test.LabelledBox", parent: box)
        cls.property("label", get: { $0.label }, set: { $0.label = $1 })
        cls.rejectsUnknownProperties = true
        return cls
    }()
}

@MainActor
struct LuaClassInheritanceTests {
    @Test func aSubclassHasItsAncestorsAccessorsWithTheNearestOneWinning() throws {
        let lua = try LuaState()
        for cls in [ShapeClasses.shape, ShapeClasses.box, ShapeClasses.labelledBox] as [LuaClassDefinition] {
            lua.register(cls)
        }
        let shape = Shape(), box = Box(), labelled = LabelledBox()
        lua.globals.set("shape", shape)
        lua.globals.set("box", box)
        lua.globals.set("labelled", labelled)
        let results = try lua.run("""
            labelled.width = 7
            labelled.depth = 9
            labelled.label = "top"
            return shape.kind, box.kind, labelled.kind, labelled.width, labelled.depth, labelled.label, box.label
            """, name: "=chunk")
        #expect(results == [.string("shape"), .string("box"), .string("box"), .integer(7), .integer(9), .string("top"), .nil])
        #expect(labelled.width == 7 && labelled.extra["depth"] == 9 && labelled.label == "top")
    }

    @Test func aStrictSubclassGivesNamesItDoesNotKnowToTheDynamicSetterItInherits() throws {
        let lua = try LuaState()
        for cls in [ShapeClasses.shape, ShapeClasses.box, ShapeClasses.labelledBox] as [LuaClassDefinition] {
            lua.register(cls)
        }
        let labelled = LabelledBox()
        lua.globals.set("labelled", labelled)
        try lua.run("labelled.height = 2", name: "=chunk")
        #expect(labelled.extra["height"] == 2)
        let error = #expect(throws: LuaError.self) { try lua.run("labelled.height = 'tall'", name: "=chunk") }
        #expect(error?.message.contains("number expected") == true)
    }
}
