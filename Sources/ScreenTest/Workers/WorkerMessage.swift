import Foundation

/// What a parent and its workers say to each other: one JSON object a line, on descriptors
/// of their own, so that nothing a test prints can get in between. Each message is written
/// and read by hand, in the form `JSONEncoder` would give it (see ``WorkerSetup/line``,
/// ``WorkerRequest/line`` and ``WorkerEvent/line``): Foundation's coders cost a small run
/// most of its time.
///
/// The parent writes a ``WorkerSetup`` first, then a ``WorkerRequest`` for each file once
/// the worker is free (a worker made as a copy of another says ``ready(pid:)`` first); the
/// worker answers each file with ``WorkerEvent``s: `call` before
/// each call into the file's code (what runs, should the worker die there; without it when
/// the same entry runs again), `result` for each entry, and `done` at the end, with what the
/// file printed since the event before.
enum WorkerMessage {
    /// A `call` event for the entry the last one named, written and read as these bytes.
    static let sameCall = Array(#"{"kind":"call"}"#.utf8) + [UInt8(ascii: "\n")]
    /// The `stuck` event.
    static let stuck = Array(#"{"kind":"stuck"}"#.utf8) + [UInt8(ascii: "\n")]

    /// The first line of a worker that another made as a copy of itself (see
    /// ``WorkerSetup/sibling``): its process id, which its parent did not get from a fork.
    static func ready(pid: pid_t) -> [UInt8] {
        Array(#"{"kind":"worker","pid":\#(pid)}"#.utf8) + [UInt8(ascii: "\n")]
    }

    /// The process id a ``ready(pid:)`` line gives; nil for another line.
    static func readyPid(_ line: ArraySlice<UInt8>) -> pid_t? {
        let prefix = Array(#"{"kind":"worker","pid":"#.utf8)
        guard line.count > prefix.count + 1, line.starts(with: prefix), line.last == UInt8(ascii: "}") else { return nil }
        let digits = line.dropFirst(prefix.count).dropLast()
        guard let pid = pid_t(String(decoding: digits, as: UTF8.self)), pid > 0 else { return nil }
        return pid
    }
}

/// How a worker runs the files it gets.
struct WorkerSetup: Codable {
    var options: TestRunner.Options
    /// The parent's current folder, which the files' paths are relative to: a worker may
    /// have been started before the parent moved there (`--directory`).
    var folder = FileManager.default.currentDirectoryPath
    /// Whether the worker, started with a second worker's channels (see
    /// ``WorkerProcess/prestart(_:)``), makes that worker for the run as a copy of itself,
    /// ready for its first file; false or nil to close them.
    var sibling: Bool?
}

/// A file for a worker to run, from after a path (see runner.lua) when it ran before and its
/// worker died.
struct WorkerRequest: Codable {
    var file: String
    var after: [Int]?
    /// No other file is queued: the worker may run this one itself rather than in a fork,
    /// which only a file after it would need (see ``TestWorker``).
    var last: Bool?
}

/// What a worker tells its parent about the file it runs.
struct WorkerEvent: Codable, Equatable {
    enum Kind: String, Codable {
        /// A call into the file's code starts.
        case call
        /// An entry finished.
        case result
        /// The file is done; the worker waits for the next.
        case done
        /// The call running now went past its limit and is stuck where the worker cannot
        /// stop it: the parent ends the worker.
        case stuck
    }

    var kind: Kind
    var call: TestCall?
    /// With `call`: when the call began, on the machine's monotonic clock (nanoseconds), so
    /// that the parent counts a call's silence from its start even when the event reaches it
    /// later (a fork writes its events a few at a time).
    var started: UInt64?
    var result: TestResult?
    /// What the file printed since the event before.
    var output: String?
    /// With `done`: the snapshot files the file asked for after its last result.
    var snapshots: [TestResult.SnapshotUse]?
    /// With `done`, under `--coverage`: the lines that ran in the file's state.
    var coverage: Coverage?
}
