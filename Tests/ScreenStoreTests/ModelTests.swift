import Testing
@testable import ScreenStore

@Suite struct ModelTests {
    private func diary(medias: Relationship? = nil, entry: Relationship? = nil) throws -> Model {
        try Model([
            Entity(
                "DiaryEntry", attributes: [Attribute("text", .string)],
                relationships: [medias ?? Relationship("medias", destination: "Medium", toMany: true, inverse: "entry")]),
            Entity(
                "Medium", attributes: [Attribute("kind", .string)],
                relationships: [entry ?? Relationship("entry", destination: "DiaryEntry", inverse: "medias")]),
        ])
    }

    @Test func aConsistentModelValidates() throws {
        let model = try diary()
        #expect(model.entity(named: "Medium")?.relationship(named: "entry")?.destination == "DiaryEntry")
    }

    @Test func aRelationshipToAMissingEntityIsNamed() {
        #expect(throws: ModelError("DiaryEntry.medias: relationship to missing entity 'Photo'")) {
            try diary(medias: Relationship("medias", destination: "Photo", toMany: true, inverse: "entry"))
        }
    }

    @Test func anInverseThatDoesNotPointBackIsNamed() {
        #expect(throws: ModelError("DiaryEntry.medias: inverse 'owner' is not a relationship of Medium")) {
            try diary(medias: Relationship("medias", destination: "Medium", toMany: true, inverse: "owner"))
        }
    }

    @Test func anUnknownTypeIsNamed() {
        #expect(throws: ModelError(
            "DiaryEntry.text: unknown attribute type 'strng' (expected one of string, integer, double, boolean, date, binary)")
        ) {
            try AttributeType(parsing: "strng", for: "DiaryEntry.text")
        }
    }

    @Test func aNotANumberDefaultIsRefused() {
        #expect(throws: ModelError("Reading.value: default NaN is not a number the store can keep")) {
            try Model([Entity("Reading", attributes: [Attribute("value", .double, default: .double(.nan))])])
        }
    }

    @Test func aToManyWithoutInverseIsRefused() {
        #expect(throws: ModelError("DiaryEntry.medias: a to-many relationship needs an inverse to-one on Medium")) {
            try diary(medias: Relationship("medias", destination: "Medium", toMany: true))
        }
    }
}
