import LuaBridge
import ScreenStore

/// The request tables of `ctx:fetch`, `ctx:count`, `ctx:fetchedResults` and `ctx:aggregate`,
/// and what an aggregate gives back.
extension StoreModule {
    private static let fetchOptions = ["entity", "where", "args", "sort", "limit", "offset"]
    private static let aggregateOptions = ["entity", "fn", "key", "where", "args", "groupBy"]

    /// A fetch request from `{ entity =, where =, args = {...}, sort = { "-key", ... }, limit =, offset = }`
    /// at argument `index`. A sort key starting with `-` is descending; one ending in `:i`
    /// compares case-insensitively.
    /// - Throws: an argument error for a field of the wrong type, an unknown key or entity;
    ///   the predicate's syntax errors with the caller's place.
    static func fetchRequest(
        _ args: LuaArguments, _ index: Int32, of context: StoreContext, extraOptions: [String] = []
    ) throws -> FetchRequest {
        let entity = try requestEntity(args, index, of: context, options: fetchOptions + extraOptions)
        let sort = try args.field(index, "sort", as: [String]?.self) ?? []
        return FetchRequest(
            entity.name, predicate: try predicate(args, index), sortedBy: sort.map(sortKey),
            limit: try args.field(index, "limit", as: Int?.self), offset: try args.field(index, "offset", as: Int?.self) ?? 0)
    }

    /// An aggregate request from `{ entity =, fn =, key =, where =, args = {...}, groupBy = }`
    /// at argument `index`.
    static func aggregateRequest(_ args: LuaArguments, _ index: Int32, of context: StoreContext) throws -> AggregateRequest {
        let entity = try requestEntity(args, index, of: context, options: aggregateOptions)
        return AggregateRequest(
            entity.name, try args.field(index, "fn", as: AggregateFunction.self),
            of: try args.field(index, "key", as: String?.self), where: try predicate(args, index),
            groupedBy: try args.field(index, "groupBy", as: String?.self))
    }

    /// `ctx:aggregate`'s results: the number for all objects; with `groupBy`, a table from each
    /// group's value (an attribute's, or a to-one's object) to its number, and the number of
    /// the objects whose value is nil (which no table can hold as a key) as a second result.
    static func aggregate(_ request: AggregateRequest, in context: StoreContext, state: StoreHostState) throws -> LuaMultiple {
        guard request.groupBy != nil else {
            return LuaMultiple(StoreValueConversion(value: try suggestingKeys { try context.aggregate(request) }))
        }
        guard let lua = state.host?.lua else { throw ScriptHost.gone }
        let table = lua.newTable()
        var ofNil = StoreValue.null
        for group in try suggestingKeys({ try context.aggregateGroups(request) }) {
            switch group.key {
            case .attribute(.null), .object(nil): ofNil = group.value
            case .attribute(let value): table.set(StoreValueConversion(value: value), StoreValueConversion(value: group.value))
            case .object(let object?): table.set(object, StoreValueConversion(value: group.value))
            case .objects: break
            }
        }
        return LuaMultiple(table, StoreValueConversion(value: ofNil))
    }

    /// Runs `body`, wording a key a predicate or request names that the entity lacks with
    /// the key likely meant (`Expense has no key 'titel' (did you mean 'title'?)`); without
    /// a near one, the store's message lists the keys there are.
    static func suggestingKeys<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PredicateError {
            guard let unknown = error.unknownKey, let meant = LuaSuggestion.closest(to: unknown.key, among: unknown.keys) else {
                throw error
            }
            throw error.rephrased("\(unknown.entity) has no key '\(unknown.key.prefix(40))' (did you mean '\(meant)'?)")
        }
    }

    /// The entity a request table at `index` names, after refusing keys not among `options`.
    private static func requestEntity(
        _ args: LuaArguments, _ index: Int32, of context: StoreContext, options: [String]
    ) throws -> Entity {
        let table = try args.get(index, as: LuaTable.self)
        if let problem = unknownKey(table, options) {
            throw args.error(index, problem)
        }
        return try entity(named: try args.field(index, "entity", as: String.self), of: context) {
            args.error(index, "\($0) in field 'entity'")
        }
    }

    /// The request's `where`, with its `args` substituted; nil without one.
    private static func predicate(_ args: LuaArguments, _ index: Int32) throws -> ScreenStore.Predicate? {
        let values = try args.field(index, "args", as: LuaTable?.self)
        guard let format = try args.field(index, "where", as: String?.self) else {
            if values != nil { throw args.error(index, "'args' given without 'where'") }
            return nil
        }
        var arguments: [PredicateArgument] = []
        for (position, value) in (values?.array ?? []).enumerated() {
            do {
                arguments.append(try predicateArgument(value))
            } catch let error as BindingError {
                throw args.error(index, "\(error.message) at index \(position + 1) in field 'args'")
            }
        }
        return try ScreenStore.Predicate(format: format, arguments: arguments)
    }

    /// `"-name"` descending, `"name:i"` case-insensitive.
    static func sortKey(_ text: String) -> SortKey {
        var keyPath = Substring(text)
        let caseInsensitive = keyPath.hasSuffix(":i")
        if caseInsensitive { keyPath = keyPath.dropLast(2) }
        let descending = keyPath.hasPrefix("-")
        if descending || keyPath.hasPrefix("+") { keyPath = keyPath.dropFirst() }
        return SortKey(String(keyPath), ascending: !descending, caseInsensitive: caseInsensitive)
    }

    /// A `%@` argument: a value, a list (a Lua array, for IN and BETWEEN) or an object.
    /// - Throws: ``BindingError`` saying what the value is and what was expected.
    private static func predicateArgument(_ value: LuaValue) throws -> PredicateArgument {
        switch value {
        case .userdata(let userdata):
            guard let object = userdata.object(as: ManagedObject.self) else {
                throw BindingError("a value, a list or a stored object expected, got \(describe(value))")
            }
            return .object(object)
        case .table(let table):
            let items = try table.decode(as: [LuaValue].self)
            let objects = items.compactMap { item -> ManagedObject? in
                if case .userdata(let userdata) = item { return userdata.object(as: ManagedObject.self) }
                return nil
            }
            if !objects.isEmpty {
                guard objects.count == items.count else { throw BindingError("a list holds objects or values, not both") }
                return .objects(objects)
            }
            return .list(try items.map { item in
                guard case .table = item else { return try storeValue(item) }
                throw BindingError("a list of values expected, got a table in it")
            })
        default:
            return .value(try storeValue(value))
        }
    }

    private static func storeValue(_ value: LuaValue) throws -> StoreValue {
        switch value {
        case .nil, .boolean, .integer, .number, .string:
            return try StoreValueConversion.storeValue(value, for: nil, place: "")
        default:
            throw BindingError("a string, number, boolean or stored object expected, got \(describe(value))")
        }
    }
}
