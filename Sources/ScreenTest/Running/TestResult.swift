/// One test's outcome, as the runner reports it.
public struct TestResult: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// `--list`: the test was selected and not run.
        case passed, failed, skipped, listed
    }

    /// Why a test failed: the message, where it was raised, and the traceback for errors
    /// (assertion failures have none).
    public struct Failure: Codable, Equatable, Sendable {
        public var message: String
        public var location: String?
        public var traceback: String?
        /// What the test printed before its process died, when it did.
        public var output: String?

        public init(message: String, location: String? = nil, traceback: String? = nil, output: String? = nil) {
            self.message = message
            self.location = location
            self.traceback = traceback
            self.output = output
        }
    }

    /// An error a callback raised while the test ran (a timer, an action, an observer) that
    /// the test did not take with `test.errors()`.
    public struct ScriptError: Codable, Equatable, Sendable {
        /// What raised it: "timer callback scheduled at main.lua:12".
        public var context: String
        public var message: String
        public var traceback: String?

        public init(context: String, message: String, traceback: String? = nil) {
            self.context = context
            self.message = message
            self.traceback = traceback
        }
    }

    /// The names of the enclosing blocks and the test, joined by spaces.
    public var name: String
    /// Where `it` was called (`file:line`).
    public var location: String?
    public var status: Status
    public var failure: Failure?
    /// The reason given to `pending`, for skipped tests.
    public var reason: String?
    /// The script errors the test left untaken, which fail it.
    public var errors: [ScriptError] = []
    /// The test file it comes from.
    public var file: String?
    /// Seconds its calls took (its hooks and body), wall time.
    public var duration: Double?
    /// The snapshot files it asked for, and what it wrote.
    public var snapshots: [SnapshotUse]?
    /// Whether it is a block's failure (a setup, teardown or describe body that raised, or the
    /// file itself) rather than a test's.
    public var block: Bool?

    /// A snapshot file a test asked for (`assert.snapshot`).
    public struct SnapshotUse: Codable, Equatable, Sendable {
        public enum Change: String, Codable, Sendable {
            case written, updated
        }

        public var path: String
        /// What the test did to the file: nil when it only compared it.
        public var change: Change?

        public init(path: String, change: Change? = nil) {
            self.path = path
            self.change = change
        }
    }

    public init(
        name: String, location: String?, status: Status, failure: Failure? = nil, reason: String? = nil,
        block: Bool? = nil, errors: [ScriptError] = []
    ) {
        self.block = block
        self.name = name
        self.location = location
        self.status = status
        self.failure = failure
        self.reason = reason
        self.errors = errors
    }
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
        case .listed: break
        }
    }

    /// The closing line: `N passed, N failed`, with `, N skipped` when some were skipped.
    public var line: String {
        var text = "\(passed) passed, \(failed) failed"
        if skipped > 0 { text += ", \(skipped) skipped" }
        return text
    }

    /// Whether the run succeeded: something ran and nothing failed.
    public var succeeded: Bool { failed == 0 && passed + skipped > 0 }
}
