import GRDB

extension Predicate {
    /// Adds the SQL functions that ``sql(for:in:alias:)`` uses to a connection; the store
    /// calls it on every connection it opens (e.g. in `Configuration.prepareDatabase`).
    ///
    /// - `ZFOLD(text, flags)`: `text` folded for `[c]` (flags & 1) and `[d]` (flags & 2).
    /// - `ZCONTAINS`, `ZBEGINSWITH`, `ZENDSWITH`, `ZLIKE`, `ZMATCHES` `(text, pattern, flags)`:
    ///   1 or 0, and 0 when either string is NULL.
    ///
    /// They run the same Swift code as ``evaluate(with:)``, so SQL and memory agree.
    public nonisolated static func registerFunctions(in db: Database) {
        db.add(function: DatabaseFunction("ZFOLD", argumentCount: 2, pure: true) { arguments in
            guard case .string(let text) = arguments[0].storage else { return arguments[0] }
            return StringMatching.fold(text, options(arguments[1]))
        })
        let operators: [ComparisonOperator] = [.contains, .beginsWith, .endsWith, .like, .matches]
        for op in operators {
            db.add(function: DatabaseFunction("Z\(op.rawValue)", argumentCount: 3, pure: true) { arguments in
                guard case .string(let text) = arguments[0].storage, case .string(let pattern) = arguments[1].storage
                else { return 0 }
                return StringMatching.test(op, text, pattern, options(arguments[2])) ? 1 : 0
            })
        }
    }

    private nonisolated static func options(_ flags: DatabaseValue) -> StringOptions {
        guard case .int64(let raw) = flags.storage else { return [] }
        return StringOptions(rawValue: Int(raw))
    }
}
