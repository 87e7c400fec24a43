import Foundation
import Testing
@testable import ScreenTest

/// A worker writes its events as JSON by hand (WorkerEvent.line); its parent reads them
/// with JSONDecoder: every event must read back as it was.
@MainActor
struct WorkerEventLineTests {
    /// Texts that JSON must escape, or that only look like it must.
    static let texts = [
        "", "plain", "a \"quoted\" name", "back\\slash", "line\nbreak\r\n\ttab", "\u{0}\u{1}\u{1F}\u{7F}",
        "é ü ß 名前 🙂 \u{2028}\u{2029}", "\\u0041 is not A", "{\"kind\":\"done\"}", "trailing\\",
    ]

    static func events(seed: UInt64) -> [WorkerEvent] {
        var random = Xorshift(seed: seed)
        func text() -> String { texts[random.next(texts.count)] + texts[random.next(texts.count)] }
        func maybe<T>(_ make: () -> T) -> T? { random.next(3) == 0 ? nil : make() }
        var events: [WorkerEvent] = []
        for _ in 0..<200 {
            var result = TestResult(
                name: text(), location: maybe(text),
                status: [.passed, .failed, .skipped, .listed][random.next(4)],
                failure: maybe { .init(message: text(), location: maybe(text), traceback: maybe(text), output: maybe(text)) },
                reason: maybe(text),
                errors: (0..<random.next(3)).map { _ in .init(context: text(), message: text(), traceback: maybe(text)) })
            result.file = maybe(text)
            result.duration = maybe { [0, 1e-7, 0.25, 123456.789, 1e300][random.next(5)] }
            result.snapshots = maybe {
                (0..<random.next(3)).map { _ in .init(path: text(), change: maybe { [.written, .updated][random.next(2)] }) }
            }
            let call = TestCall(name: text(), location: maybe(text), resume: maybe { (0..<random.next(4)).map { _ in random.next(1000) - 5 } })
            events.append(WorkerEvent(kind: .call, call: call, started: maybe { UInt64(random.next(1 << 30)) * 1_000_003 }))
            events.append(WorkerEvent(kind: .result, result: result, output: maybe(text)))
            events.append(WorkerEvent(kind: .done, output: maybe(text), snapshots: result.snapshots))
        }
        events.append(WorkerEvent(kind: .stuck))
        return events
    }

    @Test("every event reads back as it was, through the parent's JSONDecoder")
    func eventsReadBack() throws {
        for event in Self.events(seed: 7) {
            let line = event.line
            #expect(line.last == UInt8(ascii: "\n"))
            #expect(!line.dropLast().contains(UInt8(ascii: "\n")), "one event, one line")
            let read = try JSONDecoder().decode(WorkerEvent.self, from: Data(line.dropLast()))
            #expect(read == event, "\(String(decoding: line, as: UTF8.self))")
        }
    }

    @Test("the JSON is what JSONEncoder makes of the event, as a value")
    func sameAsJSONEncoder() throws {
        for event in Self.events(seed: 11).prefix(90) {
            let ours = try JSONSerialization.jsonObject(with: Data(event.line.dropLast())) as? NSDictionary
            let theirs = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(event)) as? NSDictionary
            #expect(ours != nil && ours == theirs)
        }
    }

    @Test("the line writes every property of the event's types: a new one needs writing there too")
    func everyPropertyIsWritten() {
        func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
        let failure = TestResult.Failure(message: "")
        let error = TestResult.ScriptError(context: "", message: "")
        let result = TestResult(name: "", location: nil, status: .passed)
        #expect(labels(WorkerEvent(kind: .done)) == ["kind", "call", "started", "result", "output", "snapshots", "coverage"])
        #expect(labels(TestCall(name: "")) == ["name", "location", "resume"])
        #expect(labels(result) == ["name", "location", "status", "failure", "reason", "errors", "file", "duration", "snapshots", "block"])
        #expect(labels(failure) == ["message", "location", "traceback", "output"])
        #expect(labels(error) == ["context", "message", "traceback"])
        #expect(labels(TestResult.SnapshotUse(path: "")) == ["path", "change"])
    }
}

/// A small seeded generator, so that a failure can be run again.
private struct Xorshift {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }
}

extension WorkerEventLineTests {
    @Test("every event reads back as it was, through the parent's own reader")
    func eventsReadBackByHand() throws {
        for event in Self.events(seed: 5) {
            let read = WorkerEvent(line: event.line.dropLast())
            #expect(read == event, "\(String(decoding: event.line, as: UTF8.self))")
        }
        var covered = WorkerEvent(kind: .done)
        var coverage = Coverage()
        coverage.add(["@src/a.lua": [1, 3], "@b \"c\".lua": []])
        covered.coverage = coverage
        #expect(WorkerEvent(line: covered.line.dropLast()) == covered)
        var block = WorkerEvent(kind: .result, result: TestResult(name: "b", location: nil, status: .failed, block: true))
        block.result?.duration = 1e-05
        #expect(WorkerEvent(line: block.line.dropLast()) == block)
    }

    @Test("a request reads back as it was, and as JSONEncoder would have written it")
    func requestsReadBack() throws {
        for (index, text) in Self.texts.enumerated() {
            let request = WorkerRequest(
                file: text + "/x_spec.lua", after: index % 3 == 0 ? nil : [1, -1, index],
                last: index % 2 == 0 ? nil : index % 4 == 1)
            let line = request.line
            #expect(line.last == UInt8(ascii: "\n") && !line.dropLast().contains(UInt8(ascii: "\n")))
            let read = try #require(WorkerRequest(line: Array(line.dropLast())))
            #expect(read.file == request.file && read.after == request.after && read.last == request.last)
            let theirs = try JSONDecoder().decode(WorkerRequest.self, from: Data(line.dropLast()))
            #expect(theirs.file == request.file && theirs.after == request.after && theirs.last == request.last)
        }
        #expect(WorkerRequest(line: Array(#"{"after":[1]}"#.utf8)) == nil, "a request names its file")
    }

    @Test("a member of another type than its field's is left out; an unknown one is skipped")
    func membersOfOtherTypes() {
        let line = #"{"extra":{"a":[1,{"b":null}],"c":"\u00e9"},"kind":"result","output":7,"started":"soon","#
            + #""result":{"name":"t","status":"passed","location":null,"duration":"slow","errors":[1,{"message":"m"}]}}"#
        let event = WorkerEvent(line: Array(line.utf8)[...])
        #expect(event?.kind == .result)
        #expect(event?.output == nil && event?.started == nil)
        #expect(event?.result?.name == "t" && event?.result?.location == nil && event?.result?.duration == nil)
        #expect(event?.result?.errors.map(\.message) == ["m"])
    }

    @Test("a setup reads back as it was, and is what JSONEncoder makes of it, as a value")
    func setupsReadBack() throws {
        var options = TestRunner.Options(paths: ["spec", Self.texts[3]], filters: [Self.texts[4]], verbose: true)
        options.filtersOut = ["x"]
        options.tags = ["a", "b"]
        options.excludeTags = ["c"]
        options.shuffleSeed = -42
        options.shuffleFiles = false
        options.shuffleTests = false
        options.list = true
        options.failFast = true
        options.repetitions = 3
        options.shard = .init(index: 1, count: 4)
        options.luaPath = Self.texts[5]
        options.cPath = "c/?.so"
        options.helper = "helper.lua"
        options.patterns = ["_test"]
        options.excludePatterns = ["slow"]
        options.scriptArguments = ["--flag", Self.texts[7]]
        options.runnerPath = "/usr/bin/busted"
        options.interpreterCommand = "screens lua"
        options.coverage = true
        options.coverageInclude = ["src"]
        options.coverageExclude = ["vendor"]
        options.output = .gtest
        options.junitFile = "report.xml"
        options.instructionBudget = 1_000_000
        options.memoryLimit = nil
        options.updateSnapshots = true
        options.isCI = true
        options.timeout = 2.5
        options.jobs = 3
        options.workerCommand = ["screens", "test", "--worker"]
        options.waitsForWorkers = false
        options.pluginPaths = ["plugins"]
        for (options, sibling) in [(options, true), (TestRunner.Options(paths: []), nil), (options, false)] {
            let setup = WorkerSetup(options: options, folder: "/tmp/a \"b\"", sibling: sibling)
            let line = setup.line
            #expect(line.last == UInt8(ascii: "\n") && !line.dropLast().contains(UInt8(ascii: "\n")))
            let read = try #require(WorkerSetup(line: Array(line.dropLast())))
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            #expect(try encoder.encode(read) == encoder.encode(setup))
            let ours = try JSONSerialization.jsonObject(with: Data(line.dropLast())) as? NSDictionary
            let theirs = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(setup)) as? NSDictionary
            #expect(ours != nil && ours == theirs)
        }
        var endless = TestRunner.Options(paths: [])
        endless.timeout = .infinity
        #expect(WorkerSetup(line: Array(WorkerSetup(options: endless, folder: "/").line.dropLast()))?.options.timeout == .infinity)
    }

    @Test("the setup's line writes every option: a new one needs writing there too")
    func everyOptionIsWritten() {
        let labels = Mirror(reflecting: TestRunner.Options(paths: [])).children.compactMap(\.label)
        #expect(labels == [
            "paths", "filters", "filtersOut", "tags", "excludeTags", "shuffleSeed", "shuffleFiles", "shuffleTests", "list",
            "failFast", "repetitions", "shard", "luaPath", "cPath", "helper", "patterns", "excludePatterns",
            "scriptArguments", "runnerPath", "interpreterCommand", "coverage", "coverageInclude", "coverageExclude",
            "output", "junitFile", "verbose", "instructionBudget", "memoryLimit", "updateSnapshots", "isCI", "timeout",
            "jobs", "workerCommand", "waitsForWorkers", "pluginPaths",
        ])
    }

    @Test("a copied worker's first line gives its process id, and no other line does")
    func readyLinesGiveTheirPid() {
        for pid: pid_t in [1, 4242, .max] {
            let line = WorkerMessage.ready(pid: pid)
            #expect(line.last == UInt8(ascii: "\n"))
            #expect(WorkerMessage.readyPid(line.dropLast()) == pid)
            #expect(WorkerEvent(line: line.dropLast()) == nil, "not an event: the parent reads it only first")
        }
        for text in [#"{"kind":"worker","pid":0}"#, #"{"kind":"worker","pid":-3}"#, #"{"kind":"worker","pid":}"#,
                     #"{"kind":"worker","pid":12"#, #"{"kind":"worker","pid":99999999999}"#, #"{"kind":"call"}"#,
                     #"{"kind":"worker","pid":1 }"#] {
            #expect(WorkerMessage.readyPid(Array(text.utf8)[...]) == nil, "\(text)")
        }
    }

    @Test("what is not an event's JSON reads as nothing")
    func garbageIsNil() {
        for text in ["", "{", "{\"kind\":\"nope\"}", "[1,2]", "{\"kind\":\"done\"", "{\"kind\":\"done\"} x", "\"\\u12\""] {
            #expect(WorkerEvent(line: Array(text.utf8)[...]) == nil, "\(text)")
        }
    }
}
