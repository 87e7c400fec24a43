/// One test's outcome, as the runner reports it.
public struct TestResult: Equatable, Sendable {
    public enum Status: String, Sendable {
        case passed, failed, skipped
    }

    /// Why a test failed: the message, where it was raised, and the traceback for errors
    /// (assertion failures have none).
    public struct Failure: Equatable, Sendable {
        public var message: String
        public var location: String?
        public var traceback: String?
    }

    /// The names of the enclosing blocks and the test, joined by spaces.
    public var name: String
    /// Where `it` was called (`file:line`).
    public var location: String?
    public var status: Status
    public var failure: Failure?
    /// The reason given to `pending`, for skipped tests.
    public var reason: String?
}

/// The counts of a run.
public struct TestSummary: Equatable, Sendable {
    public var passed = 0
    public var failed = 0
    public var skipped = 0

    public init(passed: Int = 0, failed: Int = 0, skipped: Int = 0) {
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
    }

    mutating func add(_ status: TestResult.Status) {
        switch status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        }
    }

    /// The closing line: `N passed, N failed`, with `, N skipped` when some were skipped.
    public var line: String {
        var text = "\(passed) passed, \(failed) failed"
        if skipped > 0 { text += ", \(skipped) skipped" }
        return text
    }
}
