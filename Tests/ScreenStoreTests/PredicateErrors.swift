@testable import ScreenStore

/// What the ``PredicateError`` that `body` throws says without its place (its `message`);
/// nil when it throws nothing or another error.
func predicateMessage(_ body: () throws -> Any) -> String? {
    predicateError(body)?.message
}

/// The ``PredicateError`` that `body` throws; nil when it throws nothing or another error.
func predicateError(_ body: () throws -> Any) -> PredicateError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? PredicateError
    }
}
