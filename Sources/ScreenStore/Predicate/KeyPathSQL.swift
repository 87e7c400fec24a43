/// SQL for key paths through to-one relationships from a row aliased `rootAlias`, giving
/// the tables it adds the aliases `<rootAlias>_1`, `<rootAlias>_2`...
struct KeyPathSQL {
    let rootAlias: String
    private var aliasCount = 0

    init(rootAlias: String) {
        self.rootAlias = rootAlias
    }

    /// A table alias not used yet.
    mutating func newAlias() -> String {
        aliasCount += 1
        return "\(rootAlias)_\(aliasCount)"
    }

    /// The value at the end of a to-one key path: a column, or a scalar subquery through
    /// each relationship (NULL when one of them is nil). Built in a loop, from the outside
    /// in, so a long key path costs no recursion.
    mutating func expression(_ steps: ArraySlice<KeyPathStep>, alias: String) -> String {
        var prefix = ""
        var suffix = ""
        var current = alias
        for (offset, step) in steps.enumerated() {
            let isLast = offset == steps.count - 1
            switch step {
            case .attribute(let attribute):
                return prefix + Self.column(attribute.name, of: current) + suffix
            case .toOne(let relationship, let destination):
                if isLast { return prefix + Self.column(relationship.name, of: current) + suffix }
                let next = newAlias()
                prefix += "(SELECT "
                suffix = " FROM \(SQLName.quote(destination.name)) AS \(next) "
                    + "WHERE \(Self.column(Entity.primaryKeyColumn, of: next)) = \(Self.column(relationship.name, of: current)))" + suffix
                current = next
            case .toMany:
                // Resolved paths put a to-many only where the caller translates it as EXISTS.
                return prefix + "NULL" + suffix
            }
        }
        return prefix + "NULL" + suffix
    }

    /// `alias."name"`.
    static func column(_ name: String, of alias: String) -> String {
        "\(alias).\(SQLName.quote(name))"
    }
}
